import "server-only";
import { getDb } from "@/lib/db";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { runSandboxCall } from "@/lib/sandbox/pipeline";
import { OPEN_API_ROUTES, SIMULATE_ROUTES } from "@/lib/sandbox/routes";
import { wakeSandboxWorker } from "@/lib/sandbox/worker";

const notFound = () =>
  new Response(JSON.stringify({ success: false, code: "NOT_FOUND", message: "Not found." }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

/** Entry of /sandbox/api/open/... and /sandbox/simulate/...; everything answers 404 in live mode. */
export async function handleSandboxRequest(request: Request, segments: string[], area: "open" | "simulate"): Promise<Response> {
  const config = getSandboxConfig();
  if (!config.enabled) return notFound();
  const path = `/${area === "open" ? "api/open/" : "simulate/"}${segments.map(encodeURIComponent).join("/")}`;
  const db = await getDb();
  return runSandboxCall(
    request,
    path,
    area === "open" ? OPEN_API_ROUTES : SIMULATE_ROUTES,
    { db, config, notify: wakeSandboxWorker },
    {
      faults: area === "open",
      requireRequestId: area === "open",
    },
  );
}
