import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { openKycPage, safeReturnUrl, type KycPageState } from "@/lib/sandbox/kyc-page";

// The simulated third-party verification page the merchant redirects the cardholder to. It has its own
// neutral look (not the portal's) and English only, like the external provider it stands for.

export const dynamic = "force-dynamic";

const TEXT = {
  title: "Identity verification",
  provider: "IdentityCheck",
  providerTagline: "Sandbox verification",
  heading: "Verify your identity",
  verifyingFor: "Cardholder",
  unnamed: "(no name given)",
  sandboxNote: "This is a sandbox simulation: no document is really checked. Choose the result the merchant should receive.",
  validUntil: "This link is valid until",
  choose: "Verification result",
  approve: "Approve",
  reject: "Reject",
  expiredHeading: "Link expired",
  expiredBody: "This verification link has expired. Go back to the merchant and ask for a new link.",
  approvedHeading: "Verification approved",
  rejectedHeading: "Verification rejected",
  decidedBody: "The merchant has been informed of the result. You can close this page.",
  returnToMerchant: "Return to the merchant",
  footer: "IdentityCheck is a simulated provider of the card issuer's sandbox.",
} as const;

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateMetadata(): Metadata {
  // Absolute: the third party's page does not carry the portal's title suffix.
  return { title: { absolute: TEXT.title }, robots: { index: false, follow: false } };
}

const focusRing =
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 dark:focus-visible:outline-zinc-100";
const linkClass = `font-medium text-zinc-900 underline underline-offset-2 hover:text-zinc-700 dark:text-zinc-100 dark:hover:text-zinc-300 ${focusRing}`;
const buttonBase = `inline-flex min-h-11 flex-1 items-center justify-center rounded-md px-5 py-2.5 text-base font-semibold ${focusRing}`;

const utcTime = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function ReturnLink({ href }: { href: string | undefined }) {
  if (!href) return null;
  return (
    <p className="mt-6">
      <a href={href} className={linkClass}>
        {TEXT.returnToMerchant}
      </a>
    </p>
  );
}

function OpenView({ state, token, returnUrl }: { state: Extract<KycPageState, { kind: "open" }>; token: string; returnUrl?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{TEXT.heading}</h1>
      <dl className="mt-4">
        <dt className="text-sm text-zinc-600 dark:text-zinc-400">{TEXT.verifyingFor}</dt>
        <dd className="text-lg font-semibold">{state.cardholderName || TEXT.unnamed}</dd>
      </dl>
      <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        {TEXT.sandboxNote}
      </p>
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        {TEXT.validUntil} <time dateTime={state.expiresAt.toISOString()}>{utcTime(state.expiresAt)}</time>.
      </p>
      <form method="post" action={`/sandbox/kyc/${encodeURIComponent(token)}/decision`} className="mt-6">
        {returnUrl ? <input type="hidden" name="return_url" value={returnUrl} /> : null}
        <fieldset>
          <legend className="mb-3 text-base font-semibold">{TEXT.choose}</legend>
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              name="decision"
              value="approve"
              className={`${buttonBase} bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300`}
            >
              {TEXT.approve}
            </button>
            <button
              type="submit"
              name="decision"
              value="reject"
              className={`${buttonBase} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50 dark:border-red-400 dark:bg-zinc-900 dark:text-red-300 dark:hover:bg-zinc-800`}
            >
              {TEXT.reject}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}

function ResultView({ state, returnUrl }: { state: Exclude<KycPageState, { kind: "open" | "unknown" }>; returnUrl?: string }) {
  if (state.kind === "expired") {
    return (
      <>
        <h1 className="text-2xl font-bold">{TEXT.expiredHeading}</h1>
        <p className="mt-4">{TEXT.expiredBody}</p>
        <ReturnLink href={returnUrl} />
      </>
    );
  }
  const approved = state.decision === "approved";
  const badge = approved
    ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
    : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200";
  return (
    <>
      <p className={`inline-flex h-10 w-10 items-center justify-center rounded-full text-xl font-bold ${badge}`} aria-hidden="true">
        {approved ? "✓" : "✕"}
      </p>
      <h1 className="mt-3 text-2xl font-bold">{approved ? TEXT.approvedHeading : TEXT.rejectedHeading}</h1>
      <p className="mt-4">{TEXT.decidedBody}</p>
      <ReturnLink href={returnUrl} />
    </>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div lang="en" className="flex flex-1 flex-col bg-zinc-100 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900">
        <div className="mx-auto flex w-full max-w-xl items-center gap-3 px-4 py-3">
          <svg viewBox="0 0 24 24" className="h-7 w-7 shrink-0 text-zinc-800 dark:text-zinc-200" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
            />
          </svg>
          <p className="text-lg font-bold">
            {TEXT.provider} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {TEXT.providerTagline}</span>
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-8 focus:outline-none">
        <section className="rounded-lg border border-zinc-300 bg-white p-5 shadow-sm sm:p-8 dark:border-zinc-700 dark:bg-zinc-900">
          {children}
        </section>
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{TEXT.footer}</footer>
    </div>
  );
}

export default async function SandboxKycPage(props: Props) {
  const config = getSandboxConfig();
  if (!config.enabled) notFound();
  const { token } = await props.params;
  const raw = (await props.searchParams).return_url;
  const returnUrl = safeReturnUrl(Array.isArray(raw) ? raw[0] : raw, config.appUrl);
  const state = await openKycPage(token);
  if (state.kind === "unknown") notFound();
  return (
    <Frame>
      {state.kind === "open" ? (
        <OpenView state={state} token={token} returnUrl={returnUrl} />
      ) : (
        <ResultView state={state} returnUrl={returnUrl} />
      )}
    </Frame>
  );
}
