import { z } from "zod";
import { processStaffDeps, resetStaffPassword } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// POST /api/admin/staff/[id]/reset-password - the password stops working; answers a one-time link to set a new one (admins only).
export const POST = staffRoute(
  "manage_staff",
  { params: z.object({ id: z.uuid() }), body: z.object({}).strict() },
  async ({ params, staff }) => resetStaffPassword(await processStaffDeps(), staff, params.id),
);
