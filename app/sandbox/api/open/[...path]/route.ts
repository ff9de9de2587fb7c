import { withAllowedHost } from "@/lib/api/route";
import { handleSandboxRequest } from "@/lib/sandbox/entry";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ path: string[] }> };

// GET|POST|PUT /sandbox/api/open/... - the embedded issuer's Open API (sandbox mode only, 404 in live mode).
const handle = withAllowedHost(async (request: Request, { params }: Params) => handleSandboxRequest(request, (await params).path, "open"));
export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
