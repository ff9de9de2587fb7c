import { createInvite } from "@/lib/admin/case/actions/invite";
import { staffRoute } from "@/lib/api/staff-route";
import { inviteSchema } from "@/lib/admin/case/actions/rules";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/invites - an invitation link and QR code with a product chosen and the email filled in (audited).
export const POST = staffRoute("work", { body: inviteSchema, answer: staffAnswers.invite }, async ({ body, staff }) =>
  createInvite(await processDeps(), staff, body),
);
