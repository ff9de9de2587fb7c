import { z } from "zod";
import { removeView } from "@/lib/admin/queue/saved-views";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.uuid() });

// DELETE /api/admin/saved-views/[id] - deletes one of this staff member's own saved views; another's is 404.
export const DELETE = staffRoute("read", { params }, async ({ params, staff }) => removeView(staff, params.id));
