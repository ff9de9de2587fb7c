import "server-only";
import { keyOwners, ownerKeyring, readingKeyring } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import { readDraft, type Draft } from "@/lib/applications/draft-store";
import { applicationErased } from "@/lib/applications/erased";

// An application's values are sealed with its own data key (lib/crypto/data-keys.ts): these get the ring for it.

type KeyDeps = { keys: Keyring; db: Database };

/**
 * The ring that seals the application's values now (and opens its older ones): its data key, created when it
 * has none. An erased application has none and never gets one again: writing to it is refused.
 */
export async function sealingKeys(deps: KeyDeps, applicationId: string): Promise<Keyring> {
  const ring = await ownerKeyring(deps.keys, deps.db, keyOwners.application(applicationId));
  if (!ring) throw applicationErased();
  return ring;
}

/** A ring that opens these stored values (no key is created; a destroyed one stays missing). */
export const openingKeys = (deps: KeyDeps, ...values: Array<string | null | undefined>) => readingKeyring(deps.keys, deps.db, values);

/** The application's answers, opened. */
export async function answersOf(deps: KeyDeps, app: { draftCiphertext: string }): Promise<Draft> {
  return readDraft(app, await openingKeys(deps, app.draftCiphertext));
}
