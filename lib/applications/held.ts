import "server-only";
import { loadWithAccess } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { isFinal } from "@/lib/applications/state-machine";
import { isPortalError } from "@/lib/errors";

/**
 * An application this browser still holds (the home page leads back to it): a draft to continue, a submitted one to
 * follow, or one that ended (issued, rejected, failed) in the last ENDED_SHOWN_DAYS, to see how.
 */
export type HeldApplication = { id: string; productId: string; startedAt: Date; submitted: boolean; ended: boolean };

/** A person who closed the tab while the card was being issued finds the outcome from the home page this long. */
export const ENDED_SHOWN_DAYS = 30;

/** At most this many bindings are looked at: a browser with more cookies than that is not a person's. */
const MAX_LOOKED_AT = 5;

/**
 * The applications whose binding this browser holds, newest first: unfinished ones, and those that ended recently.
 * A cookie whose binding ended (used elsewhere, idle, revoked, erased) is skipped silently, as the pages would
 * answer "open your personal link".
 */
export async function heldApplications(deps: AppDeps, cookies: Array<{ id: string; value: string }>): Promise<HeldApplication[]> {
  const found = await Promise.all(
    cookies.slice(0, MAX_LOOKED_AT).map(({ id, value }) =>
      loadWithAccess(deps, id, value).catch((error: unknown) => {
        if (isPortalError(error, "NOT_FOUND") || isPortalError(error, "APPLICATION_ERASED")) return undefined;
        throw error;
      }),
    ),
  );
  const endedSince = deps.now().getTime() - ENDED_SHOWN_DAYS * 24 * 60 * 60 * 1000;
  return found
    .flatMap((app) => {
      if (!app) return [];
      const ended = isFinal(app.state);
      if (ended && app.updatedAt.getTime() < endedSince) return [];
      return [{ id: app.id, productId: app.productId, startedAt: app.createdAt, submitted: app.state !== "draft", ended }];
    })
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}
