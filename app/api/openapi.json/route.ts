import { apiRoute } from "@/lib/api/route";
import { portalDocument } from "@/lib/openapi/served";

export const dynamic = "force-dynamic";

// GET /api/openapi.json - the portal API as OpenAPI 3.1, made from the routes' own schemas (docs/api.md).
export const GET = apiRoute({}, async () => portalDocument());
