import { NextResponse } from "next/server";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { deliveryAnswers } from "@/lib/api/schemas/event-deliveries";
import { endpointParams } from "@/lib/api/schemas/event-endpoints";
import { staffRoute } from "@/lib/api/staff-route";
import { processDeliveryDeps, sendTestEvent } from "@/lib/events/delivery-admin";

export const dynamic = "force-dynamic";

// POST /api/admin/event-endpoints/{id}/test - a signed endpoint.test event to that endpoint (admins; audited).
export const POST = staffRoute(
  "manage_staff",
  { params: endpointParams, body: anyObjectBody, answer: deliveryAnswers.queued },
  async ({ params, staff }) => NextResponse.json(await sendTestEvent(await processDeliveryDeps(), staff, params.id), { status: 202 }),
);
