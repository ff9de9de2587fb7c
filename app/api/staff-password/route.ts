import { processStaffDeps, setPasswordWithToken } from "@/lib/admin/staff/accounts";
import { apiRoute } from "@/lib/api/route";
import { staffPasswordAnswer, staffPasswordBody } from "@/lib/api/schemas/applicant";
import { clientIp } from "@/lib/http/client-ip";
import { LIMITS } from "@/lib/security/rate-limit";

export const dynamic = "force-dynamic";

// POST /api/staff-password - the one-time set-password link of a staff account (the token is the credential; rate limited).
export const POST = apiRoute(
  { body: staffPasswordBody, rateLimit: LIMITS.staffPassword, answer: staffPasswordAnswer },
  async ({ request, body }) => setPasswordWithToken(await processStaffDeps(), body.token, body.password, clientIp(request.headers)),
);
