import { z } from "zod";
import { applicationParams } from "@/lib/applications/application-id";
import { LINK_KINDS, sendLinkToApplicant } from "@/lib/admin/case/actions/send-link";
import { staffRoute } from "@/lib/api/staff-route";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

const body = z.object({ linkKind: z.enum(LINK_KINDS) });

// POST /api/admin/applications/[id]/send-link - emails the current resume or identity-check link to the applicant's own address (audited).
export const POST = staffRoute("work", { params: applicationParams, body }, async ({ params, staff, body }) =>
  sendLinkToApplicant(await processDeps(), staff, params.id, body.linkKind),
);
