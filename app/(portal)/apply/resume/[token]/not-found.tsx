import { cookies } from "next/headers";
import Link from "next/link";
import { heldApplicationCookies } from "@/app/_lib/application-request";
import { MovedNotice } from "@/components/apply/moved-notice";
import { QueryProvider } from "@/components/shell/query-provider";
import { processDeps } from "@/lib/applications/deps";
import { movedView } from "@/lib/applications/moved-link";
import { getTranslator } from "@/lib/i18n/server";

// A resume link that was used, expired or belongs to a finished application (HTTP 404, one page frame). It names
// the way forward; in a browser whose application a personal link moved away, it offers that browser's way back.
export default async function ResumeLinkGone() {
  const { t } = await getTranslator();
  const deps = await processDeps();
  const held = heldApplicationCookies((await cookies()).getAll()).slice(0, 5);
  const moved = (
    await Promise.all(held.map(async ({ id, value }) => ({ id, view: await movedView(deps, id, value).catch(() => undefined) })))
  ).flatMap(({ id, view }) => (view ? [{ id, view }] : []));
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <h1 className="text-3xl font-bold">{t("apply.resumePage.goneHeading")}</h1>
      <p>{t("apply.resumePage.goneBody")}</p>
      {moved.length === 0 ? <p>{t("apply.moved.linkUsed")}</p> : null}
      {moved.length > 0 ? (
        // "Send me a new link" posts through TanStack Query, as on the application's own pages.
        <QueryProvider>
          {moved.map(({ id, view }) => (
            <div key={id} className="rounded-card border border-border bg-surface p-5">
              <MovedNotice as="section" applicationId={id} {...view} />
            </div>
          ))}
        </QueryProvider>
      ) : null}
      <p>
        <Link href="/">{t("apply.resumePage.startNew")}</Link>
      </p>
    </div>
  );
}
