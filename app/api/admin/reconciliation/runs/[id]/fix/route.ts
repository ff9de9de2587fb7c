import { fixAllByStaff, runParams } from "@/lib/admin/ops/reconciliation";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/reconciliation/runs/[id]/fix - fix every open finding of a run that can be fixed (each audited).
export const POST = staffRoute("work", { params: runParams, answer: staffAnswers.runFixed }, async ({ params, staff }) =>
  fixAllByStaff(staff, params.id),
);
