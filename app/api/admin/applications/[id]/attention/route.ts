import { resolveAttention, resolveBody } from "@/lib/admin/case/attention";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/attention - resolve the needs-attention item with a reason, optionally snoozed (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: resolveBody, answer: staffAnswers.resolved },
  async ({ params, body, staff }) => resolveAttention(staff, params.id, body),
);
