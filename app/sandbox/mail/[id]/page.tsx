import Link from "next/link";
import { notFound } from "next/navigation";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { readCaughtMessage } from "@/lib/sandbox/mail/inbox";
import { linkClass, mutedClass, panelClass, utcTime } from "@/app/sandbox/mail/styles";

export const dynamic = "force-dynamic";

// GET /sandbox/mail/[id] - one message as its recipient sees it: the HTML (in a frame that runs nothing), the plain
// text, and its links to follow, as a person would from their inbox.
export default async function SandboxMailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  if (!getSandboxConfig().enabled) notFound();
  const message = await readCaughtMessage(undefined, Number((await params).id));
  if (!message) notFound();
  return (
    <article className="flex flex-col gap-6">
      <Link href="/sandbox/mail" className={`${linkClass} self-start`}>
        All messages
      </Link>
      <header>
        <h1 className="text-2xl font-bold">{message.subject || "(no subject)"}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">From</dt>
          <dd className="break-all">{message.from}</dd>
          <dt className="font-semibold">To</dt>
          <dd className="break-all" data-testid="mail-to">
            {message.to}
          </dd>
          <dt className="font-semibold">Date</dt>
          <dd>
            <time dateTime={message.date.toISOString()}>{utcTime(message.date)}</time>
          </dd>
        </dl>
      </header>
      <section aria-labelledby="links-heading" className={panelClass}>
        <h2 id="links-heading" className="text-lg font-semibold">
          Links in this message
        </h2>
        {message.links.length === 0 ? (
          <p className={`mt-2 ${mutedClass}`}>This message has no links.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {message.links.map((href) => (
              <li key={href} className="break-all">
                <a href={href} className={linkClass} data-testid="mail-link">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {message.html ? (
        <section aria-labelledby="html-heading" className="flex flex-col gap-2">
          <h2 id="html-heading" className="text-lg font-semibold">
            As HTML
          </h2>
          {/* sandbox="": the message's HTML runs no script, submits nothing and opens nothing. */}
          <iframe
            title={`The message "${message.subject}" as HTML`}
            srcDoc={message.html}
            sandbox=""
            lang={message.language}
            className="h-[36rem] w-full rounded-lg border border-zinc-300 bg-white dark:border-zinc-700"
          />
        </section>
      ) : null}
      <section aria-labelledby="text-heading" className="flex flex-col gap-2">
        <h2 id="text-heading" className="text-lg font-semibold">
          As plain text
        </h2>
        <pre className={`${panelClass} text-sm whitespace-pre-wrap wrap-anywhere`} lang={message.language} data-testid="mail-text">
          {message.text}
        </pre>
      </section>
    </article>
  );
}
