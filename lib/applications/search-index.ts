import "server-only";
import { emailIndexOf, identityIndexOf, nameIndexOf, phoneIndexOf } from "@/lib/crypto/blind-index";
import { normaliseMobile } from "@/lib/requirements/phone";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Draft } from "@/lib/applications/draft-store";

/**
 * Present in every index made with this key and this version: a rotation (or an application of 0.1, or one indexed
 * before the identity number or the mobile was) is found and re-indexed by it. `*3`: names, email, identity number, mobile.
 */
export const indexMarker = (keys: Keyring) => `${keys.current.id}:*3`;

export type SearchColumns = { nameIndex: string[]; emailIndex: string | null; identityIndex: string | null; phoneIndex: string | null };

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

/**
 * The columns staff search and erasure use, from the answers: blind indexes of the names, the email, the identity
 * document's number and the mobile (its national number as the form normalises it), never the values.
 */
export function searchColumnsOf(draft: Draft, keys: Keyring): SearchColumns {
  const names = [draft.first_name, draft.last_name].filter((v): v is string => text(v) !== undefined);
  const email = text(draft.email);
  const identity = draft.identity && typeof draft.identity === "object" ? text((draft.identity as Draft).number) : undefined;
  const areaCode = text(draft.area_code);
  const mobile = text(draft.mobile_number);
  const national = mobile ? ((areaCode && normaliseMobile(areaCode, mobile)) ?? mobile) : undefined;
  return {
    nameIndex: [indexMarker(keys), ...nameIndexOf(keys, names)],
    emailIndex: email ? emailIndexOf(keys, email) : null,
    identityIndex: identity ? identityIndexOf(keys, identity) : null,
    phoneIndex: national ? phoneIndexOf(keys, national) : null,
  };
}
