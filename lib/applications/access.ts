import "server-only";
import { findApplication, findApplicationByResumeHash, insertTimelineNote, patchApplication } from "@/lib/db/applications";
import { findBinding, findLiveBinding, insertBinding, RESUMED_ELSEWHERE_REASON, revokeBindings, touchBinding } from "@/lib/db/bindings";
import type { Application } from "@/lib/db/schema";
import { open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { PortalError } from "@/lib/errors";
import type { AppDeps } from "@/lib/applications/deps";
import { hashToken, newSecretToken } from "@/lib/applications/ids-and-tokens";
import { applicationErased, refuseErased } from "@/lib/applications/erased";
import { isFinal } from "@/lib/applications/state-machine";
import { openingKeys, sealingKeys } from "@/lib/applications/keys";
import { isApplicationId } from "@/lib/applications/application-id";
import { asDeviceKind, type DeviceKind } from "@/lib/applications/device-kind";

export type { Application };

// Who may open an application. A browser holds a binding of its own (an httpOnly cookie whose token is
// stored hashed, idle ones expiring), never the resume token. A resume link binds another browser once:
// using it rotates the link and ends every earlier binding, so two browsers never hold one application.

/** A binding unused this long stops working (checked on the server, whatever the cookie's own age). */
export const BINDING_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A resume link works once, within this time. */
const RESUME_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The one answer for an application this browser may not open, whatever the reason (ids are not guessable). */
export const NOT_FOUND = () => new PortalError("NOT_FOUND", "No application was found at this address.");
const LINK_GONE = () =>
  new PortalError(
    "NOT_FOUND",
    "This link has been used already, has expired, or its application is finished. Use the newest link you were given.",
  );

/** The binding token of a cookie value; 0.1 wrote `b.<token>` (still honoured) and `r.<resume token>` (no longer). */
function bindingToken(cookieValue: string | undefined): string | undefined {
  const value = cookieValue?.startsWith("b.") ? cookieValue.slice(2) : cookieValue;
  return value && TOKEN.test(value) ? value : undefined;
}

/** Where an application went: the kind of device whose browser holds it now, and since when. Nothing personal. */
export type MovedTo = { device: DeviceKind; since: Date };

const applicationMoved = (movedTo: MovedTo) =>
  new PortalError(
    "APPLICATION_MOVED",
    "This application was moved to another device with its personal link. Ask for a new link to continue here.",
    undefined,
    undefined,
    { movedTo: { device: movedTo.device, since: movedTo.since.toISOString() } },
  );

/**
 * Where the application of a binding that a resume link ended went: only for that browser (its own token), only
 * while the application can still be continued and another browser holds it; otherwise undefined.
 */
export async function movedAway(
  deps: AppDeps,
  id: string,
  cookieValue: string | undefined,
): Promise<{ app: Application; movedTo: MovedTo } | undefined> {
  const token = bindingToken(cookieValue);
  if (!isApplicationId(id) || !token) return undefined;
  const idleBefore = new Date(deps.now().getTime() - BINDING_IDLE_MS);
  if (!(await findBinding(deps.db, id, hashToken(token), idleBefore, "resumed"))) return undefined;
  const app = await findApplication(deps.db, id);
  if (!app || app.erasedAt || isFinal(app.state)) return undefined;
  const holder = await findLiveBinding(deps.db, id, idleBefore);
  return holder ? { app, movedTo: { device: asDeviceKind(holder.device), since: holder.createdAt } } : undefined;
}

/** An application and the binding that opened it (`issuedBy`: the staff member whose resume link bound this browser). */
export type Access = { app: Application; binding: { id: string; issuedBy: string | null } };

/**
 * The application and its binding, if the cookie's binding grants access; anything else is a plain 404 (ids are
 * not guessable). The browser that held it when its data was erased is told so (410 APPLICATION_ERASED), nothing more;
 * the one a resume link replaced, where it went (409 APPLICATION_MOVED: the kind of device and since when).
 */
export async function loadAccess(deps: AppDeps, id: string, cookieValue: string | undefined): Promise<Access> {
  const token = bindingToken(cookieValue);
  if (!isApplicationId(id) || !token) throw NOT_FOUND();
  const now = deps.now();
  const idleBefore = new Date(now.getTime() - BINDING_IDLE_MS);
  const binding = await findBinding(deps.db, id, hashToken(token), idleBefore);
  if (!binding) {
    if (await findBinding(deps.db, id, hashToken(token), idleBefore, "erased")) throw applicationErased();
    const moved = await movedAway(deps, id, token);
    throw moved ? applicationMoved(moved.movedTo) : NOT_FOUND();
  }
  const app = await findApplication(deps.db, id);
  if (!app) throw NOT_FOUND();
  refuseErased(app);
  await touchBinding(deps.db, binding.id, now);
  return { app, binding: { id: binding.id, issuedBy: binding.issuedBy } };
}

/** The application, if the cookie's binding grants access to it. */
export const loadWithAccess = async (deps: AppDeps, id: string, cookieValue: string | undefined): Promise<Application> =>
  (await loadAccess(deps, id, cookieValue)).app;

/** A new binding for a browser that starts an application (inside the transaction that creates it), or uses a resume link. */
export async function bindNewBrowser(
  deps: AppDeps,
  app: Application,
  origin: "start" | "resume",
  issuedBy: string | null = null,
  device?: DeviceKind,
): Promise<string> {
  const token = newSecretToken();
  await insertBinding(deps.db, { applicationId: app.id, tokenHash: hashToken(token), origin, now: deps.now(), issuedBy, device });
  return token;
}

/**
 * A fresh resume token's columns: stored hashed, sealed (`ring`: the application's) so the holder can be shown the
 * link again, and who issued it (staff).
 */
export function freshResumeLink(deps: AppDeps, ring: Keyring, issuedBy: string | null = null) {
  const token = newSecretToken();
  const columns = {
    resumeHash: hashToken(token),
    resumeTokenCiphertext: seal(token, ring),
    resumeExpiresAt: new Date(deps.now().getTime() + RESUME_TTL_MS),
    resumeIssuedBy: issuedBy,
  };
  return { token, columns };
}

/** A resume link opens an unfinished application only, never an erased one (whatever its token or expiry). */
const usable = (deps: AppDeps, app: Application | undefined): app is Application =>
  Boolean(app && !app.erasedAt && app.resumeExpiresAt > deps.now() && !isFinal(app.state));

/** What the resume page may say before anything is bound: when the application was started, and whether it was sent. */
export async function previewResume(deps: AppDeps, token: string): Promise<{ startedAt: Date; submitted: boolean; productId: string }> {
  const app = TOKEN.test(token) ? await findApplicationByResumeHash(deps.db, hashToken(token)) : undefined;
  if (!usable(deps, app)) throw LINK_GONE();
  return { startedAt: app.createdAt, submitted: app.state !== "draft", productId: app.productId };
}

/**
 * Uses a resume link: binds this browser, ends every other binding and rotates the link (single use), in one
 * transaction, so two concurrent uses of one link bind one browser. Answers the new binding's token. `device`: the
 * kind of device this browser runs on, which the browsers it replaces are told.
 */
export async function resumeWithToken(
  deps: AppDeps,
  token: string,
  device: DeviceKind = "other",
): Promise<{ app: Application; bindingToken: string }> {
  if (!TOKEN.test(token)) throw LINK_GONE();
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const app = await findApplicationByResumeHash(tx, hashToken(token), true);
    if (!usable(deps, app)) throw LINK_GONE();
    const now = deps.now();
    const revoked = await revokeBindings(tx, app.id, RESUMED_ELSEWHERE_REASON, now);
    // A link staff issued binds a browser whose every view of the answers is audited under their name.
    const binding = await bindNewBrowser(d, app, "resume", app.resumeIssuedBy, device);
    const rotated = (await patchApplication(tx, app.id, freshResumeLink(d, await sealingKeys(d, app.id)).columns)) ?? app;
    await insertTimelineNote(tx, app, "resume link used: opened in another browser", now, { bindings_ended: revoked });
    return { app: rotated, bindingToken: binding };
  });
}

/** The holder's resume link while it may be used (the pages show it; API answers never do). */
export async function resumeUrlOf(deps: AppDeps, app: Application): Promise<string | null> {
  if (!app.resumeTokenCiphertext || !usable(deps, app)) return null;
  return `${deps.appUrl}/apply/resume/${open(app.resumeTokenCiphertext, await openingKeys(deps, app.resumeTokenCiphertext))}`;
}

/** Ends every binding of an application, e.g. when staff close access; the browsers then see "not found". */
export async function revokeAccess(deps: AppDeps, app: Application, reason: string): Promise<number> {
  const revoked = await revokeBindings(deps.db, app.id, reason, deps.now());
  if (revoked > 0) await insertTimelineNote(deps.db, app, `access ended: ${reason}`, deps.now(), { bindings_ended: revoked });
  return revoked;
}
