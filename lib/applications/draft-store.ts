import "server-only";
import { open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { ANSWERS_REMOVED, type Application } from "@/lib/db/schema";
import { isPlainObject } from "@/lib/dotted-paths";

export type Draft = Record<string, unknown>;

export function readDraft(app: Pick<Application, "draftCiphertext">, keys: Keyring): Draft {
  if (app.draftCiphertext === ANSWERS_REMOVED) return {};
  const value: unknown = JSON.parse(open(app.draftCiphertext, keys));
  return isPlainObject(value) ? value : {};
}

export const sealDraft = (draft: Draft, keys: Keyring) => seal(JSON.stringify(draft), keys);

/** A step's answers over the saved draft: objects (identity, addresses) merge, other values replace; undefined clears. */
export function mergeDraft(draft: Draft, values: Draft): Draft {
  const out: Draft = { ...draft };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete out[key];
    else if (isPlainObject(value) && isPlainObject(out[key])) out[key] = mergeDraft(out[key] as Draft, value);
    else out[key] = value;
  }
  return out;
}
