import { withAllowedHost } from "@/lib/api/route";
import { handleSandboxRequest } from "@/lib/sandbox/entry";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ path: string[] }> };

// GET|POST|PUT /sandbox/simulate/... - the sandbox's test helpers (docs/contract.md), Bearer token required.
const handle = withAllowedHost(async (request: Request, { params }: Params) =>
  handleSandboxRequest(request, (await params).path, "simulate"),
);
export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
