import { applicationParams } from "@/lib/applications/application-id";
import { staffRoute } from "@/lib/api/staff-route";
import { exportSubjectData } from "@/lib/privacy/service";

export const dynamic = "force-dynamic";

// GET /api/admin/applications/[id]/export - the data of the person of this application (every application with its
// email or identity number, card transactions included) as a JSON download (admins only; audited).
export const GET = staffRoute("privacy", { params: applicationParams }, async ({ params, staff }) => {
  const data = await exportSubjectData(staff, params.id);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="person-of-${params.id}.json"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
