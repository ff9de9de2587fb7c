import "server-only";
import { listApplicationEvents, listApplicationFiles } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import type { AppDeps } from "@/lib/applications/deps";
import { readDraft } from "@/lib/applications/draft-store";
import { open } from "@/lib/crypto/secret-box";
import { isFinal } from "@/lib/applications/state-machine";
import { outcomeOf } from "@/lib/applications/outcomes";
import { stageOf, stoppedAt } from "@/lib/applications/stages";

/** The owner's resume link, while valid (null for applications started before links were kept). */
export function resumeUrlOf(deps: AppDeps, app: Application): string | null {
  if (!app.resumeTokenCiphertext || app.resumeExpiresAt <= deps.now()) return null;
  return `${deps.appUrl}/apply/resume/${open(app.resumeTokenCiphertext, deps.keys)}`;
}

/** The application as its owner may see it: their own answers, never another applicant's data or upstream secrets. */
export async function applicationView(deps: AppDeps, app: Application) {
  const [files, events] = await Promise.all([listApplicationFiles(deps.db, app.id), listApplicationEvents(deps.db, app.id)]);
  return {
    id: app.id,
    productId: app.productId,
    kycLevel: app.kycLevel,
    needsKyc: app.kycMethod !== null,
    state: app.state,
    stage: stageOf(app),
    stoppedAt: stoppedAt(app, [...events].reverse().find((e) => e.toState === app.state)?.fromState ?? null),
    final: isFinal(app.state),
    draft: readDraft(app, deps.keys),
    documents: files.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType, size: f.size })),
    kyc:
      app.kycUrl && app.kycExpiresAt && ["submitted", "kyc_pending"].includes(app.state)
        ? { url: app.kycUrl, expiresAt: app.kycExpiresAt.toISOString(), expired: app.kycExpiresAt <= deps.now() }
        : null,
    card: app.cardId ? { id: app.cardId, status: app.cardStatus } : null,
    failure: app.failureCode && isFinal(app.state) ? { code: app.failureCode, messageKey: outcomeOf(app.failureCode).messageKey } : null,
    timeline: events.map((e) => ({ state: e.toState, reason: e.reason, at: e.createdAt.toISOString() })),
    resumeUrl: resumeUrlOf(deps, app),
    resumeExpiresAt: app.resumeExpiresAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type ApplicationView = Awaited<ReturnType<typeof applicationView>>;
