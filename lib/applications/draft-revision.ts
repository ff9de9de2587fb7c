import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import type { Keyring } from "@/lib/crypto/secret-box";
import { PortalError } from "@/lib/errors";
import { valueAt } from "@/lib/dotted-paths";
import type { PlanField } from "@/lib/requirements/types";
import type { Draft } from "@/lib/applications/draft-store";

// A step's revision: a keyed digest of the answers it shows (documents aside, they have their own endpoint).
// A page sends back the revision it was rendered from; a save from an older view (the browser's Back restores
// a cached page) is refused instead of overwriting saved answers with ones the person never saw.

const INFO = "cardholder-portal:draft-revision:v1";
const keyCache = new WeakMap<Keyring, Buffer>();

function revisionKey(keys: Keyring): Buffer {
  let key = keyCache.get(keys);
  if (!key) keyCache.set(keys, (key = Buffer.from(hkdfSync("sha256", keys.current.key, Buffer.alloc(0), Buffer.from(INFO), 32))));
  return key;
}

/** The revision of one step's saved answers (keyed, so it says nothing about the answers themselves). */
export function stepRevision(keys: Keyring, draft: Draft, fields: PlanField[]): string {
  const shown = fields.filter((f) => f.input !== "file" && !f.hidden).map((f) => [f.path, valueAt(draft, f.path) ?? null]);
  return createHmac("sha256", revisionKey(keys)).update(JSON.stringify(shown)).digest("base64url").slice(0, 22);
}

/** The revision of what pre-validation sends the issuer (the whole draft's payload, for one product): its stored verdict's key. */
export function payloadRevision(keys: Keyring, productId: string, payload: Record<string, unknown>): string {
  return createHmac("sha256", revisionKey(keys))
    .update(JSON.stringify([productId, payload]))
    .digest("base64url")
    .slice(0, 22);
}

/** Refuses a save whose page showed other answers than the ones saved now (409 DRAFT_CHANGED). */
export function requireSameRevision(keys: Keyring, draft: Draft, fields: PlanField[], revision: string | undefined): void {
  if (revision === undefined || revision === stepRevision(keys, draft, fields)) return;
  throw new PortalError(
    "DRAFT_CHANGED",
    "These answers were saved again after this page was opened (another tab, or the browser's Back button). Reload them before saving.",
  );
}
