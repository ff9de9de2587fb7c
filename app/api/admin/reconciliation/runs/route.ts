import { runByStaff } from "@/lib/admin/ops/reconciliation";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/reconciliation/runs - compare the issuer's cardholders with the applications now (audited).
export const POST = staffRoute("work", { answer: staffAnswers.reconciliationRun }, async ({ staff }) => runByStaff(staff));
