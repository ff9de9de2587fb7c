import { z } from "zod";
import { assignCase } from "@/lib/admin/case/attention";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const body = z.object({ assigneeId: z.uuid() }).strict();

// POST /api/admin/applications/[id]/assign - give the application to a named colleague who may work on it (audited).
export const POST = staffRoute("work", { params: applicationParams, body }, async ({ params, body, staff }) =>
  assignCase(staff, params.id, body.assigneeId),
);
