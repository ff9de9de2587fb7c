import { z } from "zod";
import { reprocessWebhook } from "@/lib/admin/ops/webhooks";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const params = z.object({ eventId: z.string().min(1).max(200) });

// POST /api/admin/webhooks/[eventId]/reprocess - a poisoned or parked event back to the processor (agent or admin; audited).
export const POST = staffRoute("work", { params, body: z.object({}) }, async ({ params: p, staff }) => {
  await reprocessWebhook(staff, p.eventId);
  return { ok: true, state: "pending" };
});
