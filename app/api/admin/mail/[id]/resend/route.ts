import { z } from "zod";
import { resendMail } from "@/lib/admin/ops/mail";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(100) });

// POST /api/admin/mail/[id]/resend - a failed email back in the outbox, sent again at once (agent or admin; audited).
export const POST = staffRoute("work", { params, body: z.object({}) }, async ({ params: p, staff }) => resendMail(staff, p.id));
