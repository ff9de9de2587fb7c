import { processStaffDeps, unlinkStaffOidc } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";
import { emptyBody } from "@/lib/api/schemas/common";
import { staffAnswers, staffIdParams } from "@/lib/api/schemas/staff";

export const dynamic = "force-dynamic";

// POST /api/admin/staff/[id]/unlink-oidc - the account forgets its company identity (OpenID Connect) and its sessions
// end; the next verified sign-in with its email binds it again (admins only).
export const POST = staffRoute(
  "manage_staff",
  { params: staffIdParams, body: emptyBody, answer: staffAnswers.staffChanged },
  async ({ params, staff }) => ({ staff: await unlinkStaffOidc(await processStaffDeps(), staff, params.id) }),
);
