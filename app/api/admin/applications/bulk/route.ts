import { bulkAct, bulkBody } from "@/lib/admin/queue/bulk";
import { staffRoute } from "@/lib/api/staff-route";
import { staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/bulk - assign or resolve up to 100 selected applications, each audited, answered per row.
export const POST = staffRoute("work", { body: bulkBody, answer: staffAnswers.bulk }, async ({ body, staff }) => bulkAct(staff, body));
