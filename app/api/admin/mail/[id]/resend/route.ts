import { resendMail } from "@/lib/admin/ops/mail";
import { staffRoute } from "@/lib/api/staff-route";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { mailIdParams, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/mail/[id]/resend - a failed email back in the outbox, sent again at once (agent or admin; audited).
export const POST = staffRoute(
  "work",
  { params: mailIdParams, body: anyObjectBody, answer: staffAnswers.requeued },
  async ({ params: p, staff }) => resendMail(staff, p.id),
);
