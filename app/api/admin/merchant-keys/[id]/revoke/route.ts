import { anyObjectBody } from "@/lib/api/schemas/common";
import { merchantKeyAnswers, merchantKeyParams } from "@/lib/api/schemas/merchant";
import { staffRoute } from "@/lib/api/staff-route";
import { processMerchantKeyDeps, revokeKey } from "@/lib/merchant/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/merchant-keys/{id}/revoke - stops a merchant API key at once (admins only; audited).
export const POST = staffRoute(
  "manage_staff",
  { params: merchantKeyParams, body: anyObjectBody, answer: merchantKeyAnswers.revoked },
  async ({ params, staff }) => revokeKey(await processMerchantKeyDeps(), staff, params.id),
);
