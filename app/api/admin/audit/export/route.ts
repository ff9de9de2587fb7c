import { auditParamsSchema, exportAudit } from "@/lib/admin/audit/log";
import { requireFilterDays } from "@/lib/admin/day-filter";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// GET /api/admin/audit/export - the audit log's current filter as CSV, newest first, streamed (admins and agents; audited).
export const GET = staffRoute("export", {}, async ({ request, staff }) => {
  const query = new URL(request.url).searchParams;
  requireFilterDays(query);
  const params = auditParamsSchema.parse(Object.fromEntries(query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportAudit(staff, params), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="audit-${day}.csv"` },
  });
});
