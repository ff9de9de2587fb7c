import "server-only";
import { loadWithAccess, movedAway, type MovedTo } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { isFinal } from "@/lib/applications/state-machine";
import { isPortalError } from "@/lib/errors";

/**
 * An application this browser still holds (the home page leads back to it): a draft to continue, a submitted one to
 * follow, one that ended (issued, rejected, failed) in the last ENDED_SHOWN_DAYS, to see how, or one a personal
 * link moved to another device (`movedTo`: the home page says where, and leads to the way back).
 */
export type HeldApplication = {
  id: string;
  productId: string;
  startedAt: Date;
  submitted: boolean;
  ended: boolean;
  movedTo?: MovedTo;
};

/** A person who closed the tab while the card was being issued finds the outcome from the home page this long. */
export const ENDED_SHOWN_DAYS = 30;

/** At most this many bindings are looked at: a browser with more cookies than that is not a person's. */
const MAX_LOOKED_AT = 5;

async function heldOne(deps: AppDeps, id: string, value: string): Promise<HeldApplication | undefined> {
  try {
    const app = await loadWithAccess(deps, id, value);
    const ended = isFinal(app.state);
    const endedSince = deps.now().getTime() - ENDED_SHOWN_DAYS * 24 * 60 * 60 * 1000;
    if (ended && app.updatedAt.getTime() < endedSince) return undefined;
    return { id: app.id, productId: app.productId, startedAt: app.createdAt, submitted: app.state !== "draft", ended };
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND") || isPortalError(error, "APPLICATION_ERASED")) return undefined;
    if (!isPortalError(error, "APPLICATION_MOVED")) throw error;
    const moved = await movedAway(deps, id, value);
    if (!moved) return undefined;
    const { app, movedTo } = moved;
    return { id: app.id, productId: app.productId, startedAt: app.createdAt, submitted: app.state !== "draft", ended: false, movedTo };
  }
}

/**
 * The applications whose binding this browser holds, newest first: unfinished ones, those that ended recently, and
 * those a personal link moved away from it. A cookie whose binding ended otherwise (idle, revoked, erased) is skipped
 * silently, as the pages would answer "open your personal link".
 */
export async function heldApplications(deps: AppDeps, cookies: Array<{ id: string; value: string }>): Promise<HeldApplication[]> {
  const found = await Promise.all(cookies.slice(0, MAX_LOOKED_AT).map(({ id, value }) => heldOne(deps, id, value)));
  return found.filter((app): app is HeldApplication => app !== undefined).sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}
