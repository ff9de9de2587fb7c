import { endpointAnswers, endpointParams, rotateBody } from "@/lib/api/schemas/event-endpoints";
import { staffRoute } from "@/lib/api/staff-route";
import { processEndpointDeps, rotateEndpoint } from "@/lib/events/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/event-endpoints/{id}/rotate - a new signing secret answered once; the previous one still signs
// during the overlap (admins; audited without either secret).
export const POST = staffRoute(
  "manage_staff",
  { params: endpointParams, body: rotateBody, answer: endpointAnswers.rotated },
  async ({ params, body, staff }) => rotateEndpoint(await processEndpointDeps(), staff, params.id, body.overlapHours),
);
