import { endpointAnswers, endpointChangesBody, endpointParams } from "@/lib/api/schemas/event-endpoints";
import { staffRoute } from "@/lib/api/staff-route";
import { editEndpoint, processEndpointDeps, removeEndpoint } from "@/lib/events/admin";

export const dynamic = "force-dynamic";

// PATCH /api/admin/event-endpoints/{id} - its URL (checked again), description or event types (admins; audited).
export const PATCH = staffRoute(
  "manage_staff",
  { params: endpointParams, body: endpointChangesBody, answer: endpointAnswers.endpoint },
  async ({ params, body, staff }) => editEndpoint(await processEndpointDeps(), staff, params.id, body),
);

// DELETE /api/admin/event-endpoints/{id} - the endpoint, its deliveries and their log (admins; audited).
export const DELETE = staffRoute("manage_staff", { params: endpointParams, answer: endpointAnswers.deleted }, async ({ params, staff }) =>
  removeEndpoint(await processEndpointDeps(), staff, params.id),
);
