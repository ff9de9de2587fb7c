import "server-only";
import { isFinal } from "@/lib/applications/state-machine";
import { findApplication } from "@/lib/db/applications";
import { listSubjectApplications } from "@/lib/db/privacy";
import type { Application } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";

// The data subject of an erasure or an export (GDPR art. 15, 17, 20): the person, not one application. Every
// application with the same email address or the same identity document number (keyed blind indexes, so the
// answers stay sealed) belongs to them, and those sharing one with these in turn; the staff member sees the list
// before anything is done.

/** Why an application belongs to the person: the one the page was opened on, or what it shares with another of theirs. */
export type MatchedBy = "this" | "email" | "identity";

export type SubjectMember = {
  id: string;
  productId: string;
  state: Application["state"];
  cardholderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  erasedAt: Date | null;
  matchedBy: MatchedBy[];
  /** Still in progress at the issuer: the identity check or the card would go on with nothing here to follow it. */
  inFlight: boolean;
};

/**
 * Only a draft or a finished application: one in flight would go on upstream (identity check, card) with
 * nothing left here to follow it. Mark it failed first.
 */
export const canErase = (state: Application["state"]) => state === "draft" || isFinal(state);

export function matchedBy(anchor: Application, app: Application, all: Application[]): MatchedBy[] {
  if (app.id === anchor.id) return ["this"];
  const others = all.filter((o) => o.id !== app.id);
  const by: MatchedBy[] = [];
  if (app.emailIndex && others.some((o) => o.emailIndex === app.emailIndex)) by.push("email");
  if (app.identityIndex && others.some((o) => o.identityIndex === app.identityIndex)) by.push("identity");
  return by;
}

export const memberOf = (anchor: Application, app: Application, all: Application[]): SubjectMember => ({
  id: app.id,
  productId: app.productId,
  state: app.state,
  cardholderId: app.cardholderId,
  createdAt: app.createdAt,
  updatedAt: app.updatedAt,
  erasedAt: app.erasedAt,
  matchedBy: matchedBy(anchor, app, all),
  inFlight: !app.erasedAt && !canErase(app.state),
});

/** The application a privacy request names, and every application of its person, oldest first. */
export async function loadSubject(db: Database, id: string): Promise<{ anchor: Application; applications: Application[] }> {
  const anchor = await findApplication(db, id);
  if (!anchor) throw new PortalError("NOT_FOUND", "There is no application with this id.");
  const applications = await listSubjectApplications(db, anchor);
  return { anchor, applications: applications.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) };
}
