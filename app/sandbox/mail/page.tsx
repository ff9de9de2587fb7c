import Link from "next/link";
import { notFound } from "next/navigation";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { readInbox } from "@/lib/sandbox/mail/inbox";
import { buttonClass, linkClass, mutedClass, panelClass, utcTime } from "@/app/sandbox/mail/styles";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ to?: string | string[]; before?: string | string[] }> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// GET /sandbox/mail - the catcher's inbox: every message the portal sent, newest first, optionally to one address.
export default async function SandboxMailPage({ searchParams }: Props) {
  // The layout says 404 too, but a page renders beside its layout: in live mode it must not read a table that is not there.
  if (!getSandboxConfig().enabled) notFound();
  const query = await searchParams;
  const to = first(query.to)?.trim().slice(0, 320) || undefined;
  const before = Number(first(query.before)) || undefined;
  const inbox = await readInbox(to, before);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Sandbox mail</h1>
        <p className={`mt-2 ${mutedClass}`}>Open a message to see it as its recipient would, with its links.</p>
      </div>
      <form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="to" className="font-semibold">
            Recipient
          </label>
          <input
            id="to"
            name="to"
            type="email"
            defaultValue={to}
            placeholder="ann@example.com"
            className="min-h-11 w-full min-w-0 rounded-md border border-zinc-500 bg-white px-3 dark:bg-zinc-900"
          />
        </div>
        <button type="submit" className={buttonClass}>
          Show
        </button>
      </form>
      {inbox.rows.length === 0 ? (
        <p className={panelClass}>{to ? `No message was sent to ${to} yet.` : "No message was sent yet."}</p>
      ) : (
        // On a phone the table scrolls in its own box, reachable by keyboard; relative, so that the sr-only caption
        // (position: absolute) stays inside it instead of widening the page (as components/ui/data-table.tsx does).
        <div
          role="region"
          aria-label="Messages"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className={`${panelClass} relative overflow-x-auto p-0 sm:p-0`}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{to ? `Messages to ${to}, newest first` : "Messages, newest first"}</caption>
            <thead className="border-b border-zinc-300 dark:border-zinc-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  To
                </th>
                <th scope="col" className="px-4 py-2">
                  Subject
                </th>
                <th scope="col" className="px-4 py-2">
                  Received
                </th>
              </tr>
            </thead>
            <tbody>
              {inbox.rows.map((m) => (
                <tr key={m.id} className="border-b border-zinc-200 last:border-0 dark:border-zinc-800">
                  <td className="min-w-48 px-4 py-2 wrap-anywhere">{m.rcptTo.join(", ")}</td>
                  <td className="px-4 py-2">
                    <Link href={`/sandbox/mail/${m.id}`} className={linkClass}>
                      {m.subject || "(no subject)"}
                    </Link>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <time dateTime={m.receivedAt.toISOString()}>{utcTime(m.receivedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inbox.older ? (
        <Link href={`/sandbox/mail?${new URLSearchParams({ ...(to ? { to } : {}), before: String(inbox.older) })}`} className={linkClass}>
          Older messages
        </Link>
      ) : null}
    </div>
  );
}
