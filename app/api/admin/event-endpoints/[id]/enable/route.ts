import { emptyBody } from "@/lib/api/schemas/common";
import { endpointAnswers, endpointParams } from "@/lib/api/schemas/event-endpoints";
import { staffRoute } from "@/lib/api/staff-route";
import { processEndpointDeps, setEndpointEnabled } from "@/lib/events/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/event-endpoints/{id}/enable - back on: the deliveries that waited go out in order (admins; audited).
export const POST = staffRoute(
  "manage_staff",
  { params: endpointParams, body: emptyBody, answer: endpointAnswers.endpoint },
  async ({ params, staff }) => setEndpointEnabled(await processEndpointDeps(), staff, params.id, true),
);
