import "server-only";
import { PortalError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { recordStaffAction, type AuditActor } from "@/lib/audit/record";
import { isActionKey, inviteSchema, inviteUrl } from "@/lib/admin/case/actions/rules";
import { qrDataUrl } from "@/lib/admin/case/actions/qr";
import type { Staff } from "@/lib/auth/current-staff";
import type { AppDeps } from "@/lib/applications/deps";
import { inviteExpiry, sealInvite } from "@/lib/applications/invite-token";
import { requireEnabledProduct } from "@/lib/applications/product";

/**
 * A sealed invitation link to an ENABLED product, for staff or the merchant API (`via`): validated, audited with the
 * product and the merchant's reference (the merchant's own id, not identity data), never the address.
 */
export async function issueInvite(deps: AppDeps, actor: AuditActor, input: unknown, via?: Record<string, string>) {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success)
    throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error, isActionKey));
  const { email, merchantReference } = parsed.data;
  const product = await requireEnabledProduct(deps.issuer, parsed.data.productId);
  const now = deps.now();
  const token = sealInvite(deps.keys, { productId: product.id, email, merchantReference }, now);
  const url = inviteUrl(deps.appUrl, { productId: product.id, token });
  const detail = { product_id: product.id, ...(merchantReference ? { merchant_reference: merchantReference } : {}), ...via };
  await recordStaffAction(deps.db, actor, "application.invite_created", { target: product.id, detail });
  return { url, expiresAt: inviteExpiry(now).toISOString() };
}

/** An invitation link (and its QR code) to the portal with an ENABLED product chosen and the email filled in. */
export async function createInvite(deps: AppDeps, staff: Pick<Staff, "id" | "email" | "ip">, input: unknown) {
  const { url } = await issueInvite(deps, staff, input);
  return { url, qr: await qrDataUrl(url) };
}
