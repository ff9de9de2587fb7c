import { merchantKeyAnswers, newKeySchema } from "@/lib/api/schemas/merchant";
import { staffRoute } from "@/lib/api/staff-route";
import { createMerchantKey, processMerchantKeyDeps } from "@/lib/merchant/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/merchant-keys - a new merchant API key, answered whole this once (admins only; audited).
export const POST = staffRoute("manage_staff", { body: newKeySchema, answer: merchantKeyAnswers.created }, async ({ body, staff }) =>
  createMerchantKey(await processMerchantKeyDeps(), staff, body),
);
