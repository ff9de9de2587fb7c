import { reprocessWebhook } from "@/lib/admin/ops/webhooks";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { staffAnswers, webhookEventParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/webhooks/[eventId]/reprocess - a poisoned or parked event back to the processor (agent or admin; audited).
export const POST = staffRoute(
  "work",
  { params: webhookEventParams, body: anyObjectBody, answer: staffAnswers.requeued },
  async ({ params: p, staff }) => {
    await reprocessWebhook(staff, p.eventId);
    return { ok: true as const, state: "pending" as const };
  },
);
