import { exportQueue } from "@/lib/admin/queue/load";
import { queueParamsSchema } from "@/lib/admin/queue/list";
import { requireFilterDays } from "@/lib/admin/day-filter";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// GET /api/admin/applications/export - the work queue's current filter as CSV, streamed (agents and admins; audited).
export const GET = staffRoute("export", {}, async ({ request, staff }) => {
  const query = new URL(request.url).searchParams;
  requireFilterDays(query);
  const params = queueParamsSchema.parse(Object.fromEntries(query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportQueue(staff, { ...params, after: undefined }), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="applications-${day}.csv"` },
  });
});
