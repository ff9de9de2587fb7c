import "server-only";
import { APPLICATION_ID } from "@/lib/applications/application-id";
import { blockerOf } from "@/lib/admin/case/blockers";
import { groupedWebhookTypes, mergeTimeline } from "@/lib/admin/case/timeline";
import { contactOf } from "@/lib/admin/queue/list";
import { processDeps, type AppDeps } from "@/lib/applications/deps";
import { readDraft } from "@/lib/applications/draft-store";
import { openingKeys } from "@/lib/applications/keys";
import { toRequirements } from "@/lib/applications/product";
import { stageOf } from "@/lib/applications/stages";
import { currentDocuments } from "@/lib/applications/view";
import { open } from "@/lib/crypto/secret-box";
import {
  countCardholderWebhooks,
  findAssignee,
  listApplicationAudit,
  listApplicationNotes,
  listApplicationUpstreamCalls,
  listCardholderWebhooks,
  TIMELINE_SOURCE_LIMIT,
} from "@/lib/db/application-case";
import { findApplication, listApplicationEvents } from "@/lib/db/applications";
import { findAttentionStatus, listAssignableStaff } from "@/lib/db/attention";
import { listApplicationMail } from "@/lib/db/mail-outbox";
import { findErasure } from "@/lib/db/privacy";
import type { Application } from "@/lib/db/schema";
import { getProduct } from "@/lib/issuer";
import { getCardholder } from "@/lib/issuer/resources/cardholders";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import { maskAnswers } from "@/lib/requirements/sensitive";

// The staff application page's data: the application, its answers (identity values masked), documents, who
// holds it, what blocks it, and one timeline. The issuer's live view is read apart, so a slow issuer never holds
// up the rest of the page.

export { TIMELINE_SOURCE_LIMIT };

export async function findCase(deps: AppDeps, id: string): Promise<Application | undefined> {
  return APPLICATION_ID.test(id) ? findApplication(deps.db, id) : undefined;
}

/** Upstream paths that name this application's cardholder or one of its files (GETs and the identity-check link). */
function upstreamPathsOf(app: Application, fileIds: string[]): string[] {
  const ch = app.cardholderId ? encodeURIComponent(app.cardholderId) : null;
  const cardholder = ch
    ? [`/api/open/v2/issuing/cardholders/${ch}`, `/api/open/v1/issuing/cardholders/${ch}`, `/api/open/v1/issuing/cardholders/${ch}/kycLink`]
    : [];
  return [...cardholder, ...fileIds.map((f) => `/api/open/v1/common/files/${encodeURIComponent(f)}`)];
}

/** How long the page waits for the product (usually cached) before listing the answers without their steps. */
const PRODUCT_WAIT_MS = 3_000;

async function answersOf(deps: AppDeps, app: Application) {
  // A stalled issuer must not hold up the page: past the wait, the answers are listed as stored.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const product = await Promise.race([
    getProduct(app.productId, deps.issuer).catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PRODUCT_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  let draft: Record<string, unknown> = {};
  try {
    draft = maskAnswers(readDraft(app, await openingKeys(deps, app.draftCiphertext)));
  } catch {
    draft = {};
  }
  if (!product) return { productName: null, steps: null, groups: [], draft };
  const plan = buildFormPlan(toRequirements(product));
  return { productName: product.name, steps: visibleSteps(plan), groups: plan.groups, draft };
}

/** The cardholder's webhook events: the types with many events counted as one line each, the others listed. */
async function webhooksOf(deps: AppDeps, cardholderId: string) {
  const counts = await countCardholderWebhooks(deps.db, cardholderId);
  const grouped = groupedWebhookTypes(counts);
  const rows = await listCardholderWebhooks(deps.db, cardholderId, grouped);
  return { rows, groups: counts.filter((c) => grouped.includes(c.eventType)) };
}

export async function loadCase(id: string, given?: AppDeps) {
  const deps = given ?? (await processDeps());
  const app = await findCase(deps, id);
  if (!app) return null;
  const [documents, events, assignee, notes, audit, webhooks, answers, erasure, mail, attention, colleagues] = await Promise.all([
    currentDocuments(deps, app),
    listApplicationEvents(deps.db, app.id),
    findAssignee(deps.db, app.id),
    listApplicationNotes(deps.db, app.id),
    listApplicationAudit(deps.db, app.id),
    app.cardholderId ? webhooksOf(deps, app.cardholderId) : Promise.resolve({ rows: [], groups: [] }),
    answersOf(deps, app),
    app.erasedAt ? findErasure(deps.db, app.id) : Promise.resolve(undefined),
    listApplicationMail(deps.db, app.id),
    findAttentionStatus(deps.db, app.id, deps.now()),
    listAssignableStaff(deps.db),
  ]);
  const requestIds = [app.cardholderRequestId, app.cardRequestId].filter((r): r is string => Boolean(r));
  const upstream = await listApplicationUpstreamCalls(deps.db, {
    applicationId: app.id,
    requestIds,
    since: app.createdAt,
    paths: upstreamPathsOf(
      app,
      documents.map((d) => d.fileId),
    ),
  });
  const ring = await openingKeys(deps, app.draftCiphertext, ...notes.map((n) => n.bodySealed));
  const opened = notes.map((n) => {
    let body = "";
    try {
      body = open(n.bodySealed, ring);
    } catch {
      body = "";
    }
    return { ...n, body };
  });
  const now = deps.now();
  return {
    app: {
      id: app.id,
      productId: app.productId,
      kycLevel: app.kycLevel,
      state: app.state,
      stage: stageOf(app),
      cardholderId: app.cardholderId,
      cardId: app.cardId,
      failureCode: app.failureCode,
      failureMessage: app.failureMessage,
      createdAt: app.createdAt,
      updatedAt: app.updatedAt,
      submittedAt: app.submittedAt,
      kycExpiresAt: app.kycExpiresAt,
      merchantReference: app.merchantReference,
    },
    contact: contactOf(app, ring),
    blocker: blockerOf(app, now),
    /** Set once the applicant's data was erased: the page then offers nothing to add or do. */
    erasure: app.erasedAt ? { at: app.erasedAt, staffEmail: erasure?.staffEmail ?? "" } : null,
    /** How many emails the portal queued for this application (the summary links them in the outbox). */
    mailCount: mail.length,
    assignee,
    /** Whether it is on the "needs attention" pile, or set aside from it (and how). */
    attention: attention ?? null,
    /** Whom it may be assigned to. */
    colleagues,
    answers,
    documents,
    timeline: mergeTimeline({ events, webhooks: webhooks.rows, webhookGroups: webhooks.groups, upstream, audit, notes: opened, mail }),
    /** The sources that reached their limit: the timeline says that their older rows are left out. */
    cut: (
      [
        ["calls", upstream.length],
        ["staff", audit.length],
        ["notes", notes.length],
        ["events", webhooks.rows.length],
      ] as const
    ).flatMap(([source, n]) => (n >= TIMELINE_SOURCE_LIMIT ? [source] : [])),
  };
}

export type CaseData = NonNullable<Awaited<ReturnType<typeof loadCase>>>;

export type IssuerView =
  | { ok: true; status: string; kycStatus: string; cards: Array<{ id: string; status: string; maskedNumber: string | null }> }
  | { ok: false };

/** The issuer's current view of the cardholder, read live; any failure is answered as "not available" (never thrown). */
export async function issuerViewOf(cardholderId: string, given?: AppDeps): Promise<IssuerView> {
  const deps = given ?? (await processDeps());
  try {
    const c = await getCardholder(deps.issuer, cardholderId);
    return {
      ok: true,
      status: c.status,
      kycStatus: c.kycStatus,
      cards: c.cards.map((k) => ({ ...k, maskedNumber: k.maskedNumber ?? null })),
    };
  } catch {
    return { ok: false };
  }
}
