import { z } from "zod";
import { revealValue } from "@/lib/admin/case/reveal-note-claim";
import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { SENSITIVE_PATHS } from "@/lib/requirements/sensitive";

export const dynamic = "force-dynamic";

const body = z.object({ path: z.enum(SENSITIVE_PATHS) }).strict();

// POST /api/admin/applications/[id]/reveal - one identity value in full, for agents and admins; each reveal audited.
export const POST = staffRoute("reveal", { params: applicationParams, body }, async ({ params, body, staff }) =>
  revealValue(staff, params.id, body.path),
);
