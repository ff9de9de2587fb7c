import "server-only";
import { insertAuditEntry } from "@/lib/db/staff-audit";
import { findStaffUser } from "@/lib/db/staff-users";
import { isPlainObject } from "@/lib/dotted-paths";
import type { Access } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";

// A resume link staff issued opens the applicant's pages in whatever browser uses it, the staff member's own
// included, and those pages show the answers whole: past the one-value-at-a-time reveal, which is audited. So a
// browser bound through such a link has every answer it is shown recorded under the issuer's name (paths only, never
// a value), with the address it came from. The applicant's own use of the link is recorded the same way: the log
// cannot tell them apart, and the address tells the reader which it was.

/** The dotted paths of a draft (or its masked view) that hold an answer. */
export function answeredPaths(answers: unknown, prefix = ""): string[] {
  if (!isPlainObject(answers)) return [];
  return Object.entries(answers).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) return answeredPaths(value, path);
    return value === undefined || value === null || value === "" ? [] : [path];
  });
}

/** Records what a page or an answer showed through a staff-issued link: `where` (a step, the review, the API) and the paths. */
export async function recordShownThroughStaffLink(
  deps: AppDeps,
  access: Access,
  shown: { where: string; paths: string[]; ip: string },
): Promise<void> {
  const staffId = access.binding.issuedBy;
  if (!staffId || shown.paths.length === 0) return;
  const staff = await findStaffUser(deps.db, staffId);
  await insertAuditEntry(deps.db, {
    at: deps.now(),
    staffId,
    staffEmail: staff?.email ?? "(account removed)",
    action: "application.values_shown_via_link",
    applicationId: access.app.id,
    target: shown.where,
    detail: { fields: shown.paths.join(","), binding: access.binding.id },
    ip: shown.ip === "unknown" ? null : shown.ip,
  });
}
