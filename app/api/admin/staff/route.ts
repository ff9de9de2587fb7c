import { z } from "zod";
import { addStaff, listStaff, processStaffDeps } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { STAFF_ROLES } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

const body = z.object({
  email: z.email().max(320),
  name: z.string().trim().max(100).default(""),
  role: z.enum(STAFF_ROLES).default("viewer"),
});

// GET /api/admin/staff - every staff account (admins only).
export const GET = staffRoute("manage_staff", {}, async () => ({ staff: await listStaff(await processStaffDeps()) }));

// POST /api/admin/staff - adds an account and answers its one-time set-password link (admins only).
export const POST = staffRoute("manage_staff", { body }, async ({ body, staff }) => addStaff(await processStaffDeps(), staff, body));
