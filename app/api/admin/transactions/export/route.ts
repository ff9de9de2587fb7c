import { exportTransactions, transactionParamsSchema } from "@/lib/admin/ops/transactions";
import { requireFilterDays } from "@/lib/admin/day-filter";
import { staffRoute } from "@/lib/api/staff-route";

export const dynamic = "force-dynamic";

// GET /api/admin/transactions/export - the transactions page's current filter as CSV, newest first, streamed (admins and agents; audited).
export const GET = staffRoute("export", {}, async ({ request, staff }) => {
  const query = new URL(request.url).searchParams;
  requireFilterDays(query);
  const params = transactionParamsSchema.parse(Object.fromEntries(query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportTransactions(staff, params), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="transactions-${day}.csv"` },
  });
});
