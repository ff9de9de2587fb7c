import { applicationParams } from "@/lib/applications/application-id";
import { retryCardIssuance } from "@/lib/admin/case/actions/lifecycle";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/retry-card - retries the card through the exactly-once issuance (audited).
export const POST = staffRoute(
  "work",
  { params: applicationParams, body: anyObjectBody, answer: staffAnswers.retried },
  async ({ params, staff }) => retryCardIssuance(await processDeps(), staff, params.id),
);
