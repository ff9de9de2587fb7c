import { addStaff, listStaff, processStaffDeps } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { newStaffBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// GET /api/admin/staff - every staff account (admins only).
export const GET = staffRoute("manage_staff", { answer: staffAnswers.staffList }, async () => ({
  staff: await listStaff(await processStaffDeps()),
}));

// POST /api/admin/staff - adds an account and answers its one-time set-password link (admins only).
export const POST = staffRoute("manage_staff", { body: newStaffBody, answer: staffAnswers.staffAdded }, async ({ body, staff }) =>
  addStaff(await processStaffDeps(), staff, body),
);
