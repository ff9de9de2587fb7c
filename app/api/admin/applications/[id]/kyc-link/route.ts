import { applicationParams } from "@/lib/applications/application-id";
import { reissueKycLink } from "@/lib/admin/case/actions/links";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/kyc-link - a new identity-check link from the issuer, with its QR code (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: anyObjectBody, answer: staffAnswers.link },
  async ({ params, staff }) => ({
    link: await reissueKycLink(await processDeps(), staff, params.id),
  }),
);
