import { applicationParams } from "@/lib/applications/application-id";
import { correctCardholder } from "@/lib/admin/case/actions/correct";
import { staffRoute } from "@/lib/api/staff-route";
import { correctionSchema } from "@/lib/admin/case/actions/correction-schema";
import { staffAnswers } from "@/lib/api/schemas/staff";
import { processDeps } from "@/lib/applications/deps";

export const dynamic = "force-dynamic";

// PUT /api/admin/applications/[id]/cardholder - corrects contact details and the billing address upstream (v1 update, audited).
export const PUT = staffRoute(
  "work",
  { params: applicationParams, body: correctionSchema, answer: staffAnswers.corrected },
  async ({ params, body, staff }) => correctCardholder(await processDeps(), staff, params.id, body),
);
