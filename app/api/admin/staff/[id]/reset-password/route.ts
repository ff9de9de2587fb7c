import { processStaffDeps, resetStaffPassword } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { emptyBody } from "@/lib/api/schemas/common";
import { staffAnswers, staffIdParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/staff/[id]/reset-password - the password stops working; answers a one-time link to set a new one (admins only).
export const POST = staffRoute(
  "manage_staff",
  { params: staffIdParams, body: emptyBody, answer: staffAnswers.passwordReset },
  async ({ params, staff }) => resetStaffPassword(await processStaffDeps(), staff, params.id),
);
