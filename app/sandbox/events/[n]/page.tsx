import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestBadges, verificationText } from "@/app/sandbox/events/_components/badges";
import { linkClass, mutedClass, panelClass, utcTime } from "@/app/sandbox/mail/styles";
import { findRequest, RECEIVER_MAX_BODY_BYTES, receiverState } from "@/lib/events/sandbox-receiver/store";
import { getTranslator } from "@/lib/i18n/server";
import { getSandboxConfig } from "@/lib/sandbox/config";

export const dynamic = "force-dynamic";

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** What the merchant writes: the library, the endpoint's secret, the raw body and the three headers as received. */
const SNIPPET = `import { Webhook } from "standardwebhooks";

// secret: the endpoint's "whsec_..." secret; body: the raw body as a string, before any JSON parsing.
const headers = {
  "webhook-id": request.headers.get("webhook-id"),
  "webhook-timestamp": request.headers.get("webhook-timestamp"),
  "webhook-signature": request.headers.get("webhook-signature"),
};
// Throws when no signature matches or the timestamp is more than 5 minutes off.
const event = new Webhook(secret).verify(body, headers);
// Then drop a webhook-id you processed already: the portal may send an event again.`;

// GET /sandbox/events/[n] - one received request: its headers, its body, the signature verdict and the merchant's code.
export default async function SandboxEventPage({ params }: { params: Promise<{ n: string }> }) {
  if (!getSandboxConfig().enabled) notFound();
  const raw = (await params).n;
  const request = /^\d{1,9}$/.test(raw) ? findRequest(receiverState(), Number(raw)) : undefined;
  if (!request) notFound();
  const { t } = await getTranslator();
  const headers = [
    ["webhook-id", request.webhookId],
    ["webhook-timestamp", request.webhookTimestamp],
    ["webhook-signature", request.webhookSignature],
  ] as const;
  return (
    <article className="flex flex-col gap-6">
      <Link href="/sandbox/events" className={`${linkClass} self-start`}>
        {t("sandboxEvents.back")}
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">
          {t("sandboxEvents.request", { n: request.n })}
          {/* Its own line: a long type never breaks mid-word beside the number on a phone. */}
          <span className="block font-mono text-base font-normal">{request.type ?? t("sandboxEvents.noType")}</span>
        </h1>
        <RequestBadges t={t} request={request} />
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("sandboxEvents.fields.received")}</dt>
          <dd>
            <time dateTime={request.receivedAt.toISOString()}>{utcTime(request.receivedAt)}</time>
          </dd>
          <dt className="font-semibold">{t("sandboxEvents.fields.answered")}</dt>
          <dd>{request.status}</dd>
        </dl>
      </header>
      <section aria-labelledby="headers-heading" className={panelClass}>
        <h2 id="headers-heading" className="text-lg font-semibold">
          {t("sandboxEvents.headersHeading")}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono font-semibold">{name}</dt>
              <dd className="font-mono break-all" data-testid={`header-${name}`}>
                {value || t("sandboxEvents.none")}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="body-heading" className="flex flex-col gap-2">
        <h2 id="body-heading" className="text-lg font-semibold">
          {t("sandboxEvents.bodyHeading")}
        </h2>
        {request.truncated ? <p className={mutedClass}>{t("sandboxEvents.truncated", { max: RECEIVER_MAX_BODY_BYTES })}</p> : null}
        <pre className={`${panelClass} text-sm whitespace-pre-wrap wrap-anywhere`} data-testid="event-body">
          {pretty(request.body)}
        </pre>
      </section>
      <section aria-labelledby="verify-heading" className={panelClass}>
        <h2 id="verify-heading" className="text-lg font-semibold">
          {t("sandboxEvents.verifyHeading")}
        </h2>
        <p className="mt-2" data-testid="verification-text">
          {verificationText(t, request)}
        </p>
        {request.verification.ok ? (
          <p className={`mt-1 ${mutedClass}`}>
            {t("sandboxEvents.fields.endpoint")}: <span className="font-mono break-all">{request.verification.endpointId}</span>
          </p>
        ) : null}
        <h3 className="mt-4 font-semibold">{t("sandboxEvents.codeHeading")}</h3>
        <p className={`mt-1 ${mutedClass}`}>{t("sandboxEvents.codeLead")}</p>
        {/* Code keeps its lines: on a phone the block scrolls sideways, reachable by keyboard (as the mail table does). */}
        <pre
          role="region"
          aria-label={t("sandboxEvents.codeHeading")}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-2 overflow-x-auto rounded-md bg-zinc-900 p-3 text-sm text-zinc-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 dark:focus-visible:outline-zinc-100"
        >
          <code>{SNIPPET}</code>
        </pre>
      </section>
    </article>
  );
}
