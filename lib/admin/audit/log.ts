import "server-only";
import { z } from "zod";
import { dayParam } from "@/lib/admin/day-filter";
import { AUDIT_ACTIONS, recordStaffAction } from "@/lib/audit/record";
import { keysetCsv } from "@/lib/admin/csv";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import type { StaffAuditEntry } from "@/lib/db/schema";
import { listAuditEntries, type AuditFilter } from "@/lib/db/staff-audit";
import { listStaffUsers } from "@/lib/db/staff-users";
import { dayEnd, dayStart } from "@/lib/admin/keyset";

// The audit log's page and export: every filter in the URL, newest first, keyset pages on the entry id.

export const AUDIT_PAGE_SIZE = 50;
const EXPORT_BATCH = 500;

/** The URL's filters; anything malformed is ignored rather than refused (a hand-edited link still opens). */
export const auditParamsSchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  staff: z.uuid().optional().catch(undefined),
  application: z.string().trim().max(100).optional().catch(undefined),
  from: dayParam,
  to: dayParam,
  before: z.coerce.number().int().positive().optional().catch(undefined),
});
export type AuditParams = z.infer<typeof auditParamsSchema>;

/** The URL's filters; its days are read in the staff member's zone. */
export function auditFilterOf(p: AuditParams, timeZone?: string): AuditFilter {
  return {
    action: p.action,
    staffId: p.staff,
    applicationId: p.application || undefined,
    from: dayStart(p.from, timeZone),
    to: dayEnd(p.to, timeZone),
    beforeId: p.before,
  };
}

/** Words a staff member typed to search applicants (a name, an email) are identity values: never shown back. */
const TYPED_SEARCH = new Set(["q"]);

const shown = ([k, v]: [string, unknown]) => v !== undefined && v !== null && !(k === "sort" && v === "created_desc");
/** A list's values joined ("email, mobile"), never its indexes ("0=email 1=mobile"). */
const listText = (value: unknown[]) => value.map((v) => (v !== null && typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");

/** The entry's detail as one line of `key=value` (the CSV's column); search text is replaced by a mark. */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  const flat = (value: unknown): string =>
    Array.isArray(value)
      ? listText(value)
      : value !== null && typeof value === "object"
        ? Object.entries(value)
            .filter(shown)
            .map(([k, v]) => `${k}=${TYPED_SEARCH.has(k) ? "•••" : flat(v)}`)
            .join(" ")
        : String(value);
  return flat(detail);
}

/** One labelled value of a detail; `path` names it ("filter", "state") for the page to put in words. */
export type DetailPart = { path: string[]; value: string };

/** The entry's detail as labelled values for the page: nested objects flattened to paths, lists joined. */
export function detailParts(detail: Record<string, unknown> | null, parent: string[] = []): DetailPart[] {
  if (!detail) return [];
  return Object.entries(detail)
    .filter(shown)
    .flatMap(([k, v]): DetailPart[] => {
      const path = [...parent, k];
      if (TYPED_SEARCH.has(k)) return [{ path, value: "•••" }];
      if (Array.isArray(v)) return [{ path, value: listText(v) }];
      if (typeof v === "object" && v !== null) return detailParts(v as Record<string, unknown>, path);
      return [{ path, value: String(v) }];
    });
}

export type AuditRow = {
  id: number;
  at: string;
  staffEmail: string;
  action: string;
  applicationId: string | null;
  target: string | null;
  detail: string;
  parts: DetailPart[];
  ip: string | null;
};

const rowOf = (e: StaffAuditEntry): AuditRow => ({
  id: e.id,
  at: e.at.toISOString(),
  staffEmail: e.staffEmail,
  action: e.action,
  applicationId: e.applicationId,
  target: e.target,
  detail: detailText(e.detail ?? null),
  parts: detailParts(e.detail ?? null),
  ip: e.ip,
});

/** One page of the log under the URL's filters, and the id the next page starts before. */
export async function auditPage(params: AuditParams, timeZone?: string): Promise<{ rows: AuditRow[]; next: number | undefined }> {
  const entries = await listAuditEntries(await getDb(), auditFilterOf(params, timeZone), AUDIT_PAGE_SIZE + 1);
  const rows = entries.slice(0, AUDIT_PAGE_SIZE).map(rowOf);
  return { rows, next: entries.length > AUDIT_PAGE_SIZE ? rows.at(-1)?.id : undefined };
}

/** Every staff account (for the "staff member" filter), by email. */
export async function auditStaffOptions(): Promise<{ value: string; label: string }[]> {
  return (await listStaffUsers(await getDb())).map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.email})` : u.email }));
}

const COLUMNS = ["id", "at", "staff_email", "action", "application_id", "target", "detail", "ip"] as const;

/** The log under the filter as CSV, streamed a keyset page at a time; the export itself is audited first. */
export async function exportAudit(staff: Staff, params: AuditParams): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  const filter = auditFilterOf({ ...params, before: undefined }, staff.timeZone ?? undefined);
  await recordStaffAction(db, staff, "audit.exported", { detail: { filter: { ...params, before: undefined } } });
  return keysetCsv<number>(COLUMNS, async (before) => {
    const entries = await listAuditEntries(db, { ...filter, beforeId: before }, EXPORT_BATCH + 1);
    const page = entries.slice(0, EXPORT_BATCH).map(rowOf);
    const rows = page.map((r) => [String(r.id), r.at, r.staffEmail, r.action, r.applicationId, r.target, r.detail, r.ip]);
    return { rows, next: entries.length > EXPORT_BATCH ? page.at(-1)?.id : undefined };
  });
}
