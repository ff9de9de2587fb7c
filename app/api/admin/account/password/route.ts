import { changeOwnPassword } from "@/lib/admin/staff/own-password";
import { processStaffDeps } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { ownPasswordBody, staffAnswers } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/account/password - a staff member changes their own password; every session of the account ends.
// Wrong current passwords count with the sign-in throttle (429 while it waits), and a few end this session (401).
export const POST = staffRoute("read", { body: ownPasswordBody, answer: staffAnswers.ok }, async ({ body, staff }) => {
  await changeOwnPassword(await processStaffDeps(), staff, body.current, body.next);
  return { ok: true as const };
});
