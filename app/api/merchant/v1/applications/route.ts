import { merchantRoute } from "@/lib/api/merchant-route";
import { merchantAnswers } from "@/lib/api/schemas/merchant";
import { processDeps } from "@/lib/applications/deps";
import { applicationsOfReference } from "@/lib/merchant/api";

export const dynamic = "force-dynamic";

// GET /api/merchant/v1/applications?merchant_reference= - states of the applications carrying the merchant's reference.
export const GET = merchantRoute("applications:read", { answer: merchantAnswers.applications }, async ({ request }) =>
  applicationsOfReference(await processDeps(), new URL(request.url).searchParams),
);
