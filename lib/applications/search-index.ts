import "server-only";
import { emailIndexOf, nameIndexOf } from "@/lib/crypto/blind-index";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Draft } from "@/lib/applications/draft-store";

/** Present in every index made with this key: a rotation (or an application of 0.1) is found and re-indexed by it. */
export const indexMarker = (keys: Keyring) => `${keys.current.id}:*`;

/** The columns staff search uses, from the answers: blind indexes of the names and the email, never the values. */
export function searchColumnsOf(draft: Draft, keys: Keyring): { nameIndex: string[]; emailIndex: string | null } {
  const names = [draft.first_name, draft.last_name].filter((v): v is string => typeof v === "string" && v.trim() !== "");
  const email = typeof draft.email === "string" && draft.email.trim() ? emailIndexOf(keys, draft.email) : null;
  return { nameIndex: [indexMarker(keys), ...nameIndexOf(keys, names)], emailIndex: email };
}
