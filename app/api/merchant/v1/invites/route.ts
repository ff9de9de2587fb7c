import { z } from "zod";
import { merchantRoute } from "@/lib/api/merchant-route";
import { processDeps } from "@/lib/applications/deps";
import { clientIp } from "@/lib/http/client-ip";
import { inviteByKey } from "@/lib/merchant/api";

export const dynamic = "force-dynamic";

// POST /api/merchant/v1/invites - a sealed invitation link (product, email, merchant reference) and its expiry.
export const POST = merchantRoute("invites:write", { body: z.record(z.string(), z.unknown()) }, async ({ request, body, key }) =>
  inviteByKey(await processDeps(), key, clientIp(request.headers), body),
);
