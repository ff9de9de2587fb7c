import { applicationParams } from "@/app/api/applications/_lib/params";
import { staffRoute } from "@/lib/api/staff-route";
import { exportApplicantData } from "@/lib/privacy/service";

export const dynamic = "force-dynamic";

// GET /api/admin/applications/[id]/export - one applicant's data as a JSON download (admins only; audited).
export const GET = staffRoute("privacy", { params: applicationParams }, async ({ params, staff }) => {
  const data = await exportApplicantData(staff, params.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="applicant-${params.id}.json"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
