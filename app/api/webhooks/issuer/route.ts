import { withAllowedHost } from "@/lib/api/route";
import { receiveIssuerWebhook } from "@/lib/webhooks/receive";

export const dynamic = "force-dynamic";

// POST /api/webhooks/issuer - verifies, stores and acknowledges an issuer event; a processor applies it later.
export const POST = withAllowedHost((request: Request) => receiveIssuerWebhook(request));
