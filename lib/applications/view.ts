import "server-only";
import { listApplicationEvents, listApplicationFiles } from "@/lib/db/applications";
import type { ApplicationAnswer } from "@/lib/api/schemas/applicant";
import type { Application } from "@/lib/db/schema";
import { openLegacy } from "@/lib/crypto/secret-box";
import { maskAnswers } from "@/lib/requirements/sensitive";
import type { AppDeps } from "@/lib/applications/deps";
import { readDraft } from "@/lib/applications/draft-store";
import { openingKeys } from "@/lib/applications/keys";
import { outcomeOf } from "@/lib/applications/outcomes";
import { referenceOf } from "@/lib/applications/reference";
import { stageOf, stoppedAt } from "@/lib/applications/stages";
import { isFinal } from "@/lib/applications/state-machine";

const KYC_OPEN = ["submitted", "kyc_pending"];

/** The documents an application holds now (one per field), with their names opened. */
export async function currentDocuments(deps: AppDeps, app: Pick<Application, "id">) {
  const files = await listApplicationFiles(deps.db, app.id);
  const ring = await openingKeys(deps, ...files.map((f) => f.fileName));
  return files.map((f) => ({
    field: f.field,
    fileId: f.fileId,
    fileName: openLegacy(f.fileName, ring),
    fileType: f.fileType,
    size: f.size,
  }));
}

/** The identity check's link, opened (0.1 kept it in clear), while the check is open. */
export async function kycUrlOf(deps: AppDeps, app: Application): Promise<string | null> {
  return app.kycUrl && KYC_OPEN.includes(app.state) ? openLegacy(app.kycUrl, await openingKeys(deps, app.kycUrl)) : null;
}

/**
 * The application as the API answers its holder: answers only while it is a draft, and even then the identity
 * number, SSN and birth date masked; never the resume link nor the identity check's link (bearer links).
 */
export async function applicationView(deps: AppDeps, app: Application): Promise<ApplicationAnswer> {
  const [documents, events] = await Promise.all([currentDocuments(deps, app), listApplicationEvents(deps.db, app.id)]);
  const draft = app.state === "draft";
  return {
    id: app.id,
    reference: referenceOf(app.id),
    productId: app.productId,
    kycLevel: app.kycLevel,
    needsKyc: app.kycMethod !== null,
    state: app.state,
    stage: stageOf(app),
    stoppedAt: stoppedAt(app, [...events].reverse().find((e) => e.toState === app.state)?.fromState ?? null),
    final: isFinal(app.state),
    draft: draft ? maskAnswers(readDraft(app, await openingKeys(deps, app.draftCiphertext))) : null,
    documents: draft ? documents : [],
    kyc:
      app.kycUrl && app.kycExpiresAt && KYC_OPEN.includes(app.state)
        ? { expiresAt: app.kycExpiresAt.toISOString(), expired: app.kycExpiresAt <= deps.now() }
        : null,
    card: app.cardId ? { id: app.cardId, status: app.cardStatus } : null,
    // Approved, and the issuer has not answered a card creation yet: the page names whose side the wait is on.
    issuerRetrying: app.state === "card_issuing" && app.cardAttempts > 0,
    failure: app.failureCode && isFinal(app.state) ? { code: app.failureCode, messageKey: outcomeOf(app.failureCode).messageKey } : null,
    timeline: events.filter((e) => e.fromState !== e.toState).map((e) => ({ state: e.toState, at: e.createdAt.toISOString() })),
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type ApplicationView = ApplicationAnswer;
