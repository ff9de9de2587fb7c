import { applicationParams } from "@/app/api/applications/_lib/params";
import { staffRoute } from "@/lib/api/staff-route";
import { erasureSchema } from "@/lib/privacy/erase";
import { eraseApplicantData } from "@/lib/privacy/service";

export const dynamic = "force-dynamic";

// POST /api/admin/applications/[id]/erase - erases the applicant's data on request, typed confirmation (admins only; audited).
export const POST = staffRoute("privacy", { params: applicationParams, body: erasureSchema }, async ({ params, body, staff }) =>
  eraseApplicantData(staff, params.id, body),
);
