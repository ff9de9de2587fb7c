import { endpointAnswers, newEndpointBody } from "@/lib/api/schemas/event-endpoints";
import { staffRoute } from "@/lib/api/staff-route";
import { NextResponse } from "next/server";
import { addEndpoint, processEndpointDeps } from "@/lib/events/admin";

export const dynamic = "force-dynamic";

// POST /api/admin/event-endpoints - a merchant endpoint for the outbound events, its secret answered once (admins; audited).
export const POST = staffRoute("manage_staff", { body: newEndpointBody, answer: endpointAnswers.created }, async ({ body, staff }) =>
  NextResponse.json(await addEndpoint(await processEndpointDeps(), staff, body), { status: 201 }),
);
