import { z } from "zod";
import { processStaffDeps, setPasswordWithToken } from "@/lib/admin/staff/accounts";
import { apiRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/http/client-ip";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

const body = z.object({ token: z.string().min(20).max(100), password: z.string().max(256) });

// POST /api/staff-password - the one-time set-password link of a staff account (the token is the credential; rate limited).
export const POST = apiRoute({ body, rateLimit: LIMITS.staffPassword }, async ({ request, body }) =>
  setPasswordWithToken(await processStaffDeps(), body.token, body.password, clientIp(request.headers)),
);
