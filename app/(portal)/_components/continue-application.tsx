import { cookies } from "next/headers";
import Link from "next/link";
import { heldApplicationCookies } from "@/app/_lib/application-request";
import { processDeps } from "@/lib/applications/deps";
import { buttonClasses } from "@/components/ui/button";
import { LinkPending } from "@/components/ui/link-pending";
import { SinceTime } from "@/components/apply/since-time";
import { heldApplications } from "@/lib/applications/held";
import { findProduct } from "@/lib/applications/product";
import { getTranslator } from "@/lib/i18n/server";

/**
 * "Continue your application" on the home page when this browser still holds one: to continue, to follow, to see
 * how it ended (lib/applications/held.ts), or one that a personal link moved to another device (it says where, and
 * leads to the way back). Streamed (the card names come from the issuer); says nothing when there is none, or when it
 * cannot be told right now.
 */
export async function ContinueApplication() {
  const held = heldApplicationCookies((await cookies()).getAll());
  if (held.length === 0) return null;
  const deps = await processDeps();
  const apps = await heldApplications(deps, held).catch(() => []);
  if (apps.length === 0) return null;
  const { t, dateLocale } = await getTranslator();
  const names = await Promise.all(apps.map((a) => findProduct(deps, a.productId).catch(() => undefined)));
  const format = new Intl.DateTimeFormat(dateLocale, { dateStyle: "long" });
  const allEnded = apps.every((a) => a.ended);
  return (
    <section aria-labelledby="continue-heading" className="max-w-prose rounded-card border-l-4 border-brand bg-surface p-5">
      <h2 id="continue-heading" className="text-xl font-semibold">
        {allEnded ? t("apply.flow.endedHeading") : t("apply.flow.continueHeading")}
      </h2>
      <p className="mt-2">
        {allEnded ? t("apply.flow.endedLead") : apps.every((a) => a.movedTo) ? t("apply.moved.homeLead") : t("apply.flow.continueLead")}
      </p>
      <ul className="mt-4 flex flex-col gap-4">
        {apps.map((app, i) => (
          <li key={app.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span id={`continue-${app.id}`}>
              {app.movedTo ? (
                <>
                  {t("apply.moved.homeItem", {
                    name: names[i]?.name ?? t("apply.flow.unknownCard"),
                    date: format.format(app.startedAt),
                    device: t(`apply.moved.device.${app.movedTo.device}`),
                  })}
                  <SinceTime iso={app.movedTo.since.toISOString()} />
                </>
              ) : (
                t("apply.flow.continueItem", { name: names[i]?.name ?? t("apply.flow.unknownCard"), date: format.format(app.startedAt) })
              )}
            </span>
            <Link
              href={`/apply/${app.id}`}
              aria-describedby={`continue-${app.id}`}
              className={buttonClasses(app.movedTo ? "secondary" : "primary", "md")}
            >
              {app.movedTo
                ? t("apply.moved.homeAction")
                : app.ended
                  ? t("apply.flow.continueEnded")
                  : app.submitted
                    ? t("apply.flow.continueSubmitted")
                    : t("apply.flow.continueDraft")}
              <LinkPending />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
