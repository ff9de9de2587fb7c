import type { Metadata } from "next";
import Link from "next/link";
import { EndpointForm } from "@/app/admin/events/_components/endpoint-form";
import { endpointState } from "@/app/admin/events/_components/endpoint-state";
import { DataTable } from "@/components/ui/data-table";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getEnv } from "@/lib/env";
import { EVENT_TYPES, listPublicEndpoints, processEndpointDeps, type PublicEndpoint } from "@/lib/events/admin";
import { getTranslator } from "@/lib/i18n/server";
import type { adminEventEndpointsEn } from "@/lib/i18n/messages/admin-event-endpoints-en";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.eventEndpoints.title") };
}

// /admin/events - admins list the merchant's event endpoints and add one; its secret is shown once (docs/events.md).
export default async function EventEndpointsPage() {
  const me = await requireStaffPage("manage_staff");
  const { t, locale } = await getTranslator();
  const endpoints = await listPublicEndpoints(await processEndpointDeps());
  const when = staffTimeFormat(staffClockOf(locale, me.timeZone));
  const at = (iso: string) => when.format(new Date(iso));
  const c = (key: keyof typeof adminEventEndpointsEn.list.columns) => t(`admin.eventEndpoints.list.columns.${key}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{t("admin.eventEndpoints.heading")}</h1>
        <p className="mt-2 max-w-prose text-fg-muted">{t("admin.eventEndpoints.lead")}</p>
        <p className="mt-2 max-w-prose text-sm text-fg-muted">{t("admin.eventEndpoints.docs")}</p>
      </div>
      <section aria-labelledby="endpoints" className="flex flex-col gap-3">
        <h2 id="endpoints" className="text-xl font-bold">
          {t("admin.eventEndpoints.list.heading")}
        </h2>
        {endpoints.length === 0 ? (
          <div className="max-w-prose rounded-card border border-border bg-surface p-4" data-testid="endpoints-empty">
            <h3 className="font-bold">{t("admin.eventEndpoints.empty.heading")}</h3>
            <p className="mt-1">{t("admin.eventEndpoints.empty.body")}</p>
          </div>
        ) : (
          <DataTable<PublicEndpoint>
            caption={t("admin.eventEndpoints.list.caption")}
            rows={endpoints}
            rowKey={(e) => e.id}
            empty=""
            columns={[
              {
                key: "url",
                header: c("url"),
                className: "min-w-56",
                cell: (e) => (
                  <div className="flex flex-col items-start gap-1">
                    <span className="font-mono text-sm break-all">{e.url}</span>
                    <Link href={`/admin/events/${e.id}`} className="text-sm">
                      {t("admin.eventEndpoints.list.open")}
                      <span className="sr-only"> {t("admin.eventEndpoints.list.openHidden", { url: e.url })}</span>
                    </Link>
                  </div>
                ),
              },
              {
                key: "state",
                header: c("state"),
                className: "min-w-48",
                cell: (e) => (
                  <ul className="flex flex-col gap-1">
                    {endpointState(t, at, e).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ),
              },
              { key: "description", header: c("description"), cell: (e) => e.description ?? "—", className: "min-w-32" },
              {
                key: "types",
                header: c("types"),
                cell: (e) =>
                  e.eventTypes ? (
                    <span className="font-mono text-xs break-all">{e.eventTypes.join(", ")}</span>
                  ) : (
                    t("admin.eventEndpoints.list.allEvents")
                  ),
                className: "min-w-40",
              },
              { key: "created", header: c("created"), cell: (e) => at(e.createdAt) },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="add-endpoint" className="flex flex-col gap-3">
        <h2 id="add-endpoint" className="text-xl font-bold">
          {t("admin.eventEndpoints.form.addHeading")}
        </h2>
        <EndpointForm types={EVENT_TYPES} live={getEnv().mode === "live"} />
      </section>
    </div>
  );
}
