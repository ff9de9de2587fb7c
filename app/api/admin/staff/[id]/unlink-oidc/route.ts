import { z } from "zod";
import { processStaffDeps, unlinkStaffOidc } from "@/lib/admin/staff/accounts";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// POST /api/admin/staff/[id]/unlink-oidc - the account forgets its company identity (OpenID Connect) and its sessions
// end; the next verified sign-in with its email binds it again (admins only).
export const POST = staffRoute(
  "manage_staff",
  { params: z.object({ id: z.uuid() }), body: z.object({}).strict() },
  async ({ params, staff }) => ({ staff: await unlinkStaffOidc(await processStaffDeps(), staff, params.id) }),
);
