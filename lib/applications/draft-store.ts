import "server-only";
import { open, seal, type Keyring } from "@/lib/crypto/secret-box";
import type { Application } from "@/lib/db/schema";

export type Draft = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function readDraft(app: Pick<Application, "draftCiphertext">, keys: Keyring): Draft {
  const value: unknown = JSON.parse(open(app.draftCiphertext, keys));
  return isObject(value) ? value : {};
}

export const sealDraft = (draft: Draft, keys: Keyring) => seal(JSON.stringify(draft), keys);

/** A step's answers over the saved draft: objects (identity, addresses) merge, other values replace; undefined clears. */
export function mergeDraft(draft: Draft, values: Draft): Draft {
  const out: Draft = { ...draft };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete out[key];
    else if (isObject(value) && isObject(out[key])) out[key] = mergeDraft(out[key] as Draft, value);
    else out[key] = value;
  }
  return out;
}

/** Sets a dotted path (e.g. identity.front_file_id) in a copy of the draft. */
export function setPath(draft: Draft, path: string, value: unknown): Draft {
  const [head, ...rest] = path.split(".");
  if (!head) return draft;
  if (rest.length === 0) return { ...draft, [head]: value };
  const child = isObject(draft[head]) ? (draft[head] as Draft) : {};
  return { ...draft, [head]: setPath(child, rest.join("."), value) };
}
