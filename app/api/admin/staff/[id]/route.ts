import { z } from "zod";
import { changeStaff, processStaffDeps } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { STAFF_ROLES } from "@/lib/auth/roles";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.uuid() });
const body = z
  .object({ name: z.string().trim().max(100).optional(), role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() })
  .strict();

// PATCH /api/admin/staff/[id] - name, role or enabled state; a new role or a disabled account ends its sessions (admins only).
export const PATCH = staffRoute("manage_staff", { params, body }, async ({ params, body, staff }) => ({
  staff: await changeStaff(await processStaffDeps(), staff, params.id, body),
}));
