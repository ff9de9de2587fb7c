import { z } from "zod";
import { staffRoute } from "@/lib/api/staff-route";
import { processMerchantKeyDeps, revokeKey } from "@/lib/merchant/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/merchant-keys/{id}/revoke - stops a merchant API key at once (admins only; audited).
export const POST = staffRoute("manage_staff", { params: z.object({ id: z.string() }), body: z.object({}) }, async ({ params, staff }) =>
  revokeKey(await processMerchantKeyDeps(), staff, params.id),
);
