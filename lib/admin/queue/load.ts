import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { queueCsv } from "@/lib/admin/queue/csv-export";
import { filterOf, queuePage, type QueueParams } from "@/lib/admin/queue/list";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { listAssignableStaff } from "@/lib/db/attention";
import { getEnv } from "@/lib/env";
import { getProducts } from "@/lib/issuer";

// The work queue's use cases with the process's database and keys (the pages and routes call these).

export async function workQueue(staff: Staff, params: QueueParams) {
  return queuePage(await getDb(), getKeyring(), params, staff.id, new Date(), getEnv().attentionHours, staff.timeZone ?? undefined);
}

/** The colleagues the queue filters by (those who may hold an application). */
export async function assignableStaff() {
  return listAssignableStaff(await getDb());
}

/** Product names by id, for every product of the catalog (an application keeps its card whatever its status). */
export async function productNames(): Promise<Record<string, string>> {
  const products = await getProducts().catch(() => []);
  return Object.fromEntries(products.map((p) => [p.id, p.name]));
}

/** The current filter as a CSV stream; the export itself is audited. */
export async function exportQueue(staff: Staff, params: QueueParams): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  // The search words may be an applicant's name or email: the audit records only that there were some.
  const { q, ...filter } = params;
  await recordStaffAction(db, staff, "applications.exported", { detail: { filter: { ...filter, search: Boolean(q) } } });
  return queueCsv(
    db,
    getKeyring(),
    filterOf(params, getKeyring(), staff.id, new Date(), getEnv().attentionHours, staff.timeZone ?? undefined),
    params.sort,
  );
}
