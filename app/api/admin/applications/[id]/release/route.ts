import { z } from "zod";
import { releaseCase } from "@/lib/admin/case/reveal-note-claim";
import { caseParams } from "@/lib/admin/case/id-param";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/release - give the application back to the queue (its holder only; audited).
export const POST = staffRoute("work", { params: caseParams, body: z.object({}).strict() }, async ({ params, staff }) =>
  releaseCase(staff, params.id),
);
