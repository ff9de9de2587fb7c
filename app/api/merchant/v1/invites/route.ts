import { merchantRoute } from "@/lib/api/merchant-route";
import { inviteSchema } from "@/lib/admin/case/actions/rules";
import { merchantAnswers } from "@/lib/api/schemas/merchant";
import { processDeps } from "@/lib/applications/deps";
import { clientIp } from "@/lib/http/client-ip";
import { inviteByKey } from "@/lib/merchant/api";

export const dynamic = "force-dynamic";

// POST /api/merchant/v1/invites - a sealed invitation link (product, email, merchant reference) and its expiry.
export const POST = merchantRoute("invites:write", { body: inviteSchema, answer: merchantAnswers.invite }, async ({ request, body, key }) =>
  inviteByKey(await processDeps(), key, clientIp(request.headers), body),
);
