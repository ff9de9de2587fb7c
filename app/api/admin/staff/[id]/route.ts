import { changeStaff, processStaffDeps } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { changeStaffBody, staffAnswers, staffIdParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// PATCH /api/admin/staff/[id] - name, role or enabled state; a new role or a disabled account ends its sessions (admins only).
export const PATCH = staffRoute(
  "manage_staff",
  { params: staffIdParams, body: changeStaffBody, answer: staffAnswers.staffChanged },
  async ({ params, body, staff }) => ({
    staff: await changeStaff(await processStaffDeps(), staff, params.id, body),
  }),
);
