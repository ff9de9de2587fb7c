import "server-only";
import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import {
  applicationEvents,
  applicationFiles,
  applications,
  type Application,
  type ApplicationFile,
  type ApplicationState,
  type NewApplication,
} from "@/lib/db/schema";
import { recordApplicationMove } from "@/lib/db/event-outbox";
import type { Database } from "@/lib/db/types";

type Patch = Partial<Omit<NewApplication, "id" | "state" | "createdAt">>;

// Every write below leaves an erased application alone (erased_at set, lib/privacy/erase.ts): whatever was in
// flight when it was erased (a save, a webhook, a staff action) cannot write personal data back.
const writable = (id: string) => and(eq(applications.id, id), isNull(applications.erasedAt));

export async function insertApplication(db: Database, row: NewApplication): Promise<Application> {
  return db.transaction(async (tx) => {
    // Started in its first state: time in state counts from the start (a seed may give a past one).
    const [created] = await tx
      .insert(applications)
      .values({ ...row, stateSince: row.stateSince ?? row.createdAt })
      .returning();
    if (!created) throw new Error("insert returned nothing");
    await tx
      .insert(applicationEvents)
      .values({ applicationId: created.id, fromState: null, toState: created.state, reason: "started", createdAt: created.createdAt });
    // application.started, committed with the row (docs/events.md).
    await recordApplicationMove(tx, created, null, created.createdAt);
    return created;
  });
}

export async function findApplication(db: Database, id: string): Promise<Application | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** The application, its row locked until the surrounding transaction ends (read-modify-write of the draft). */
export async function lockApplication(db: Database, id: string): Promise<Application | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for("update");
  return row;
}

/** The application of a resume token; `lock` holds its row until the surrounding transaction ends. */
export async function findApplicationByResumeHash(db: Database, resumeHash: string, lock = false): Promise<Application | undefined> {
  const query = db.select().from(applications).where(eq(applications.resumeHash, resumeHash));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Inserts a notable step (no state change) in the timeline, e.g. "opened on another device". */
export async function insertTimelineNote(
  db: Database,
  app: Pick<Application, "id" | "state">,
  reason: string,
  now: Date,
  detail?: Record<string, unknown>,
) {
  await db
    .insert(applicationEvents)
    .values({ applicationId: app.id, fromState: app.state, toState: app.state, reason, detail: detail ?? null, createdAt: now });
}

/** Changes fields without moving the state; with `inStates`, only while the state is one of them. Never an erased one. */
export async function patchApplication(
  db: Database,
  id: string,
  patch: Patch,
  inStates?: readonly ApplicationState[],
): Promise<Application | undefined> {
  const where = inStates ? and(writable(id), inArray(applications.state, [...inStates])) : writable(id);
  const [row] = await db
    .update(applications)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(where)
    .returning();
  return row;
}

export type TransitionInput = {
  id: string;
  from: readonly ApplicationState[];
  to: ApplicationState;
  reason: string;
  detail?: Record<string, unknown>;
  patch?: Patch;
  now: Date;
  /** Written in the same transaction once the move is made (the email it causes, lib/applications/mail.ts). */
  afterMove?: (tx: Database, row: Application) => Promise<void>;
};

/**
 * Moves the state with a conditional UPDATE (only from one of `from`) and records it in the timeline,
 * in one transaction. Answers undefined when another request moved the application first, or it was erased.
 */
export async function transitionApplication(db: Database, input: TransitionInput): Promise<Application | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: applications.state, erasedAt: applications.erasedAt })
      .from(applications)
      .where(eq(applications.id, input.id))
      .for("update");
    if (!before || before.erasedAt || !input.from.includes(before.state)) return undefined;
    const [row] = await tx
      .update(applications)
      .set({ ...input.patch, state: input.to, updatedAt: input.now, ...(before.state === input.to ? {} : { stateSince: input.now }) })
      .where(and(writable(input.id), inArray(applications.state, [...input.from])))
      .returning();
    if (!row) return undefined;
    await tx.insert(applicationEvents).values({
      applicationId: input.id,
      fromState: before.state,
      toState: input.to,
      reason: input.reason,
      detail: input.detail ?? null,
      createdAt: input.now,
    });
    // The outbound event of the move, if it has one, commits or rolls back with it (docs/events.md).
    await recordApplicationMove(tx, row, before.state, input.now);
    await input.afterMove?.(tx, row);
    return row;
  });
}

/** Takes over an issuance whose claimer went quiet (crashed, or its call is long lost). */
export async function reclaimStaleIssuance(db: Database, id: string, claimedBefore: Date, now: Date): Promise<Application | undefined> {
  const [row] = await db
    .update(applications)
    .set({ cardClaimedAt: now, updatedAt: now })
    .where(and(writable(id), eq(applications.state, "card_issuing"), lt(applications.cardClaimedAt, claimedBefore)))
    .returning();
  return row;
}

export async function listApplicationEvents(db: Database, id: string) {
  return db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id)).orderBy(asc(applicationEvents.id));
}

/** The documents an application holds now: one per field, the replaced ones left out. */
export async function listApplicationFiles(db: Database, applicationId: string): Promise<ApplicationFile[]> {
  return db
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), isNull(applicationFiles.replacedAt)))
    .orderBy(asc(applicationFiles.createdAt));
}

/** Binds a new document to its field and releases the one it replaced (each field holds one). */
export async function replaceApplicationFile(db: Database, row: typeof applicationFiles.$inferInsert): Promise<void> {
  if (row.field) {
    await db
      .update(applicationFiles)
      .set({ replacedAt: row.createdAt ?? new Date() })
      .where(
        and(
          eq(applicationFiles.applicationId, row.applicationId),
          eq(applicationFiles.field, row.field),
          isNull(applicationFiles.replacedAt),
        ),
      );
  }
  await db.insert(applicationFiles).values(row);
}

/** Stores the cardholder X-Request-Id once; concurrent submits all get the first one. */
export async function claimCardholderRequestId(db: Database, id: string, requestId: string): Promise<string | undefined> {
  await db
    .update(applications)
    .set({ cardholderRequestId: requestId })
    .where(and(writable(id), isNull(applications.cardholderRequestId)));
  const [row] = await db.select({ requestId: applications.cardholderRequestId }).from(applications).where(eq(applications.id, id));
  return row?.requestId ?? undefined;
}

/** The application of a cardholder, locked until the surrounding transaction ends. */
export async function lockApplicationByCardholder(db: Database, cardholderId: string): Promise<Application | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.cardholderId, cardholderId)).for("update");
  return row;
}
