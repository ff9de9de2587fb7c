import { NextResponse } from "next/server";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { deliveryAnswers, deliveryParams } from "@/lib/api/schemas/event-deliveries";
import { staffRoute } from "@/lib/api/staff-route";
import { processDeliveryDeps, resendDelivery } from "@/lib/events/delivery-admin";

export const dynamic = "force-dynamic";

// POST /api/admin/event-deliveries/{id}/resend - a delivery sent again now, same event id (admins; audited).
export const POST = staffRoute(
  "manage_staff",
  { params: deliveryParams, body: anyObjectBody, answer: deliveryAnswers.queued },
  async ({ params, staff }) =>
    NextResponse.json(await resendDelivery(await processDeliveryDeps(), staff, Number(params.id)), { status: 202 }),
);
