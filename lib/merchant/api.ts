import "server-only";
import { issueInvite } from "@/lib/admin/case/actions/invite";
import type { AppDeps } from "@/lib/applications/deps";
import { referenceOf } from "@/lib/applications/reference";
import { applicationsByMerchantReference } from "@/lib/db/merchant-keys";
import type { MerchantApiKey } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import { merchantReferenceSchema } from "@/lib/merchant/reference";

// What the merchant API answers (docs/merchant-api.md): states, short references and times, never an answer of
// the applicant's; and invitation links, audited under the key that asked.

export const MERCHANT_LIST_LIMIT = 20;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** GET /api/merchant/v1/applications?merchant_reference=: the applications carrying it, newest first. */
export async function applicationsOfReference(deps: Pick<AppDeps, "db">, query: URLSearchParams) {
  const parsed = merchantReferenceSchema.safeParse(query.get("merchant_reference") ?? "");
  if (!parsed.success)
    throw new PortalError("VALIDATION_ERROR", "merchant_reference is missing or not valid.", {
      merchant_reference: "errors.merchant.reference",
    });
  const rows = await applicationsByMerchantReference(deps.db, parsed.data, MERCHANT_LIST_LIMIT);
  return {
    merchantReference: parsed.data,
    applications: rows.map((r) => ({
      id: r.id,
      reference: referenceOf(r.id),
      productId: r.productId,
      state: r.state,
      stateSince: iso(r.stateSince),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      submittedAt: iso(r.submittedAt),
      erased: r.erasedAt !== null,
    })),
  };
}

/** POST /api/merchant/v1/invites: a sealed invitation link and when it stops working. */
export async function inviteByKey(deps: AppDeps, key: MerchantApiKey, ip: string, body: unknown) {
  const actor = { id: "", email: `merchant-key:${key.prefix}`, ip };
  return issueInvite(deps, actor, body, { via: "merchant_api", key_id: key.id });
}
