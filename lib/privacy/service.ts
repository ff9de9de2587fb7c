import "server-only";
import type { Staff } from "@/lib/auth/staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { findApplication } from "@/lib/db/applications";
import { findErasure } from "@/lib/db/privacy";
import { getEnv } from "@/lib/env";
import { canErase, eraseApplicant, type ErasureRequest } from "@/lib/privacy/erase";
import { exportApplicant } from "@/lib/privacy/export";

// The privacy use cases wired to this process's database and keys, for the admin pages and routes.

export async function exportApplicantData(staff: Staff, id: string) {
  return exportApplicant(await getDb(), getKeyring(), staff, id);
}

export async function eraseApplicantData(staff: Staff, id: string, input: ErasureRequest) {
  return eraseApplicant(await getDb(), getKeyring(), staff, id, input);
}

/** What the privacy page of one application shows; undefined when there is no such application. */
export async function privacyView(id: string) {
  const db = await getDb();
  const app = await findApplication(db, id);
  if (!app) return undefined;
  return {
    id: app.id,
    state: app.state,
    cardholderId: app.cardholderId,
    cardId: app.cardId,
    erasable: canErase(app.state),
    answersDroppedAt: app.answersDroppedAt,
    erasure: app.erasedAt ? ((await findErasure(db, id)) ?? null) : null,
  };
}

/** The retention figures and contact the applicant-facing privacy page states. */
export function privacyPolicy() {
  const env = getEnv();
  return { ...env.retention, contact: env.privacyContact, logHours: env.webhook.maxAgeHours };
}
