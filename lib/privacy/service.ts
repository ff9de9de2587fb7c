import "server-only";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { findErasure } from "@/lib/db/privacy";
import { getEnv } from "@/lib/env";
import { isPortalError } from "@/lib/errors";
import { eraseSubject, type ErasureRequest } from "@/lib/privacy/erase";
import { exportSubject } from "@/lib/privacy/export";
import { loadSubject, memberOf } from "@/lib/privacy/subject";

// The privacy use cases wired to this process's database and keys, for the admin pages and routes.

export async function exportSubjectData(staff: Staff, id: string) {
  return exportSubject(await getDb(), getKeyring(), staff, id);
}

export async function eraseSubjectData(staff: Staff, id: string, input: ErasureRequest) {
  return eraseSubject(await getDb(), getKeyring(), staff, id, input);
}

/**
 * What the privacy page of one application shows: the person's applications (ids, states, dates, how each was
 * found; no answer), whether they may be erased now, and the tombstone once erased. Undefined when there is no such application.
 */
export async function privacyView(id: string) {
  const db = await getDb();
  const subject = await loadSubject(db, id).catch((error: unknown) => {
    if (isPortalError(error, "NOT_FOUND")) return undefined;
    throw error;
  });
  if (!subject) return undefined;
  const { anchor, applications } = subject;
  const members = applications.map((app) => memberOf(anchor, app, applications));
  return {
    id: anchor.id,
    members,
    erasable: members.every((m) => !m.inFlight),
    answersDroppedAt: anchor.answersDroppedAt,
    erasure: anchor.erasedAt ? ((await findErasure(db, id)) ?? null) : null,
  };
}

/** The retention figures and contact the applicant-facing privacy page states. */
export function privacyPolicy() {
  const env = getEnv();
  return { ...env.retention, contact: env.privacyContact, logHours: env.webhook.maxAgeHours };
}
