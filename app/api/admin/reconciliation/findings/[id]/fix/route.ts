import { findingParams, fixByStaff } from "@/lib/admin/ops/reconciliation";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/reconciliation/findings/[id]/fix - refresh one application from the issuer (audited).
export const POST = staffRoute("work", { params: findingParams, answer: staffAnswers.findingFixed }, async ({ params, staff }) =>
  fixByStaff(staff, params.id),
);
