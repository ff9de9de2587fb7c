import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DeleteEndpoint, OnOffButton } from "@/app/admin/events/[id]/_components/endpoint-actions";
import { RotateForm } from "@/app/admin/events/[id]/_components/rotate-form";
import { EndpointForm } from "@/app/admin/events/_components/endpoint-form";
import { endpointState } from "@/app/admin/events/_components/endpoint-state";
import { SummaryList } from "@/components/ui/summary-list";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getEnv } from "@/lib/env";
import { EVENT_TYPES, findPublicEndpoint, processEndpointDeps } from "@/lib/events/admin";
import { getTranslator } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.eventEndpoints.title") };
}

const section = "flex flex-col gap-3 border-t border-border pt-6";

// /admin/events/{id} - one endpoint: its state, settings, secret rotation, off/on and delete (admins).
export default async function EventEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireStaffPage("manage_staff");
  const { id } = await params;
  const found = await findPublicEndpoint(await processEndpointDeps(), id);
  if (!found) notFound();
  const { endpoint, previousSignsUntil } = found;
  const { t, locale } = await getTranslator();
  const when = staffTimeFormat(staffClockOf(locale, me.timeZone));
  const at = (iso: string) => when.format(new Date(iso));
  const s = (key: "state" | "types" | "description" | "created" | "secret") => t(`admin.eventEndpoints.detail.summary.${key}`);
  const offWhen = at(endpoint.disabledAt ?? endpoint.updatedAt);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p>
          <Link href="/admin/events">{t("admin.eventEndpoints.detail.back")}</Link>
        </p>
        <h1 className="font-mono text-2xl font-bold break-all">{endpoint.url}</h1>
        <p>
          <Link href={`/admin/events/${endpoint.id}/deliveries`}>{t("admin.eventEndpoints.detail.deliveryLog")}</Link>
        </p>
      </div>
      <SummaryList
        className="max-w-3xl"
        rows={[
          { key: "state", label: s("state"), value: endpointState(t, at, endpoint).join(" · ") },
          {
            key: "types",
            label: s("types"),
            value: endpoint.eventTypes ? (
              <span className="font-mono text-sm">{endpoint.eventTypes.join(", ")}</span>
            ) : (
              t("admin.eventEndpoints.list.allEvents")
            ),
          },
          { key: "description", label: s("description"), value: endpoint.description },
          { key: "created", label: s("created"), value: at(endpoint.createdAt) },
          {
            key: "secret",
            label: s("secret"),
            value: (
              <span data-testid="endpoint-secret-state">
                {previousSignsUntil
                  ? t("admin.eventEndpoints.detail.overlapRunning", { when: at(previousSignsUntil) })
                  : t("admin.eventEndpoints.detail.secretOne")}
              </span>
            ),
          },
        ]}
      />
      <section aria-labelledby="settings" className={section}>
        <h2 id="settings" className="text-xl font-bold">
          {t("admin.eventEndpoints.detail.settings")}
        </h2>
        <EndpointForm types={EVENT_TYPES} live={getEnv().mode === "live"} endpoint={endpoint} />
      </section>
      <section aria-labelledby="rotate" className={section}>
        <h2 id="rotate" className="text-xl font-bold">
          {t("admin.eventEndpoints.detail.rotate.heading")}
        </h2>
        <p className="max-w-prose">{t("admin.eventEndpoints.detail.rotate.lead")}</p>
        <RotateForm id={endpoint.id} />
      </section>
      <section aria-labelledby="on-off" className={section}>
        <h2 id="on-off" className="text-xl font-bold">
          {t("admin.eventEndpoints.detail.onOff.heading")}
        </h2>
        {endpoint.enabled ? null : (
          <p className="max-w-prose font-semibold" data-testid="endpoint-off-why">
            {endpoint.disabledReason === "failures"
              ? t("admin.eventEndpoints.detail.onOff.whyFailures", { when: offWhen })
              : t("admin.eventEndpoints.detail.onOff.whyStaff", { when: offWhen })}
          </p>
        )}
        <p className="max-w-prose">
          {t(endpoint.enabled ? "admin.eventEndpoints.detail.onOff.offLead" : "admin.eventEndpoints.detail.onOff.onLead")}
        </p>
        <OnOffButton id={endpoint.id} enabled={endpoint.enabled} />
      </section>
      <section aria-labelledby="delete" className={section}>
        <h2 id="delete" className="text-xl font-bold">
          {t("admin.eventEndpoints.detail.remove.heading")}
        </h2>
        <p className="max-w-prose">{t("admin.eventEndpoints.detail.remove.lead")}</p>
        <div>
          <DeleteEndpoint id={endpoint.id} url={endpoint.url} />
        </div>
      </section>
    </div>
  );
}
