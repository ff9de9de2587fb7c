import "server-only";
import { PortalError } from "@/lib/errors";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { recordStaffAction } from "@/lib/audit/record";
import { isActionKey, inviteSchema, inviteUrl } from "@/lib/admin/case/actions/rules";
import { qrDataUrl } from "@/lib/admin/case/actions/qr";
import type { Staff } from "@/lib/auth/current-staff";
import type { AppDeps } from "@/lib/applications/deps";
import { sealInvite } from "@/lib/applications/invite-token";
import { requireEnabledProduct } from "@/lib/applications/product";

/** An invitation link (and its QR code) to the portal with an ENABLED product chosen and the email filled in. */
export async function createInvite(deps: AppDeps, staff: Pick<Staff, "id" | "email" | "ip">, input: unknown) {
  const parsed = inviteSchema.safeParse(input);
  if (!parsed.success)
    throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error, isActionKey));
  const product = await requireEnabledProduct(deps.issuer, parsed.data.productId);
  const token = sealInvite(deps.keys, { productId: product.id, email: parsed.data.email }, deps.now());
  const url = inviteUrl(deps.appUrl, { productId: product.id, token });
  // The product only: the address is the applicant's, and the audit log keeps no personal values.
  await recordStaffAction(deps.db, staff, "application.invite_created", { target: product.id, detail: { product_id: product.id } });
  return { url, qr: await qrDataUrl(url) };
}
