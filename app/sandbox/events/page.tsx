import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestBadges } from "@/app/sandbox/events/_components/badges";
import { ReceiverControls } from "@/app/sandbox/events/_components/receiver-controls";
import { linkClass, mutedClass, panelClass, utcTime } from "@/app/sandbox/mail/styles";
import { receiverState } from "@/lib/events/sandbox-receiver/store";
import { RECEIVER_PATH } from "@/lib/events/sandbox-receiver/verify";
import { getTranslator } from "@/lib/i18n/server";
import { getSandboxConfig } from "@/lib/sandbox/config";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ fail?: string | string[] }> };

// GET /sandbox/events - what the sandbox's receiver was sent, newest first, with each post's signature verdict.
export default async function SandboxEventsPage({ searchParams }: Props) {
  // The layout says 404 too, but a page renders beside its layout.
  const sandbox = getSandboxConfig();
  if (!sandbox.enabled) notFound();
  const { t } = await getTranslator();
  const state = receiverState();
  const requests = state.requests;
  const url = `${sandbox.appUrl.replace(/\/+$/, "")}${RECEIVER_PATH}`;
  const f = (key: "eventId" | "application" | "received" | "answered" | "endpoint") => t(`sandboxEvents.fields.${key}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("sandboxEvents.heading")}</h1>
        <p className={`mt-2 ${mutedClass}`}>{t("sandboxEvents.lead")}</p>
      </div>
      <section aria-labelledby="how-heading" className={panelClass}>
        <h2 id="how-heading" className="text-lg font-semibold">
          {t("sandboxEvents.howHeading")}
        </h2>
        <p className="mt-2">{t("sandboxEvents.howBody")}</p>
        <dl className="mt-2">
          <dt className="font-semibold">{t("sandboxEvents.urlLabel")}</dt>
          <dd className="mt-1 font-mono text-sm break-all" data-testid="receiver-url">
            <code>{url}</code>
          </dd>
        </dl>
      </section>
      <ReceiverControls t={t} pending={state.failNext} invalid={(await searchParams).fail === "invalid"} />
      <section aria-labelledby="list-heading" className="flex flex-col gap-3">
        <h2 id="list-heading" className="text-lg font-semibold">
          {t("sandboxEvents.listHeading")}
        </h2>
        {requests.length === 0 ? (
          <p className={panelClass}>{t("sandboxEvents.empty")}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t("sandboxEvents.listCaption")}>
            {requests.map((r) => (
              <li key={r.n} className={`${panelClass} flex flex-col gap-3`} data-testid="received-request">
                <h3 className="font-semibold">
                  <Link href={`/sandbox/events/${r.n}`} className={linkClass}>
                    {t("sandboxEvents.request", { n: r.n })}
                  </Link>
                  <span className="ml-2 font-mono text-sm">{r.type ?? t("sandboxEvents.noType")}</span>
                </h3>
                <RequestBadges t={t} request={r} />
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="font-semibold">{f("eventId")}</dt>
                  <dd className="font-mono break-all">{r.webhookId || t("sandboxEvents.none")}</dd>
                  <dt className="font-semibold">{f("application")}</dt>
                  <dd className="font-mono break-all">{r.applicationId ?? t("sandboxEvents.none")}</dd>
                  <dt className="font-semibold">{f("endpoint")}</dt>
                  <dd className="font-mono break-all" data-testid="endpoint">
                    {r.verification.ok ? r.verification.endpointId : t("sandboxEvents.none")}
                  </dd>
                  <dt className="font-semibold">{f("received")}</dt>
                  <dd>
                    <time dateTime={r.receivedAt.toISOString()}>{utcTime(r.receivedAt)}</time>
                  </dd>
                  <dt className="font-semibold">{f("answered")}</dt>
                  <dd data-testid="answered">{r.status}</dd>
                </dl>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
