import { runByStaff } from "@/lib/admin/ops/reconciliation";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// POST /api/admin/reconciliation/runs - compare the issuer's cardholders with the applications now (audited).
export const POST = staffRoute("work", {}, async ({ staff }) => runByStaff(staff));
