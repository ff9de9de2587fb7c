import { withAllowedHost } from "@/lib/api/route";
import { errorBody } from "@/lib/errors";
import { API_HEADERS } from "@/lib/http/security-headers";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { receiveEvent } from "@/lib/events/sandbox-receiver/receive";

export const dynamic = "force-dynamic";

// POST /sandbox/events/receive - the sandbox's receiver a merchant endpoint can point at (shown on /sandbox/events).
// No session and no origin check: the portal's own delivery runner posts here, as it posts to a merchant.
export const POST = withAllowedHost(async (request: Request) => {
  if (!getSandboxConfig().enabled) return Response.json(errorBody("NOT_FOUND", "Not found."), { status: 404, headers: API_HEADERS });
  return receiveEvent(request);
});
