import "server-only";
import { loadWithAccess } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { isFinal } from "@/lib/applications/state-machine";
import { isPortalError } from "@/lib/errors";

/** An application this browser still holds and may go on with (the home page offers to continue it). */
export type HeldApplication = { id: string; productId: string; startedAt: Date; submitted: boolean };

/** At most this many bindings are looked at: a browser with more cookies than that is not a person's. */
const MAX_LOOKED_AT = 5;

/**
 * The unfinished applications whose binding this browser holds, newest first. A cookie whose binding ended
 * (used elsewhere, idle, revoked, erased) is skipped silently, as the pages would answer "open your personal link".
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
  return found
    .flatMap((app) =>
      app && !isFinal(app.state)
        ? [{ id: app.id, productId: app.productId, startedAt: app.createdAt, submitted: app.state !== "draft" }]
        : [],
    )
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}
