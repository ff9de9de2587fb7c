import { z } from "zod";
import { claimCase } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const body = z.object({ takeOver: z.boolean().default(false) }).strict();

// POST /api/admin/applications/[id]/claim - take the application; from another agent only with takeOver (audited).
export const POST = staffRoute("work", { params: applicationParams, body }, async ({ params, body, staff }) =>
  claimCase(staff, params.id, body.takeOver),
);
