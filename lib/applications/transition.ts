import "server-only";
import { transitionApplication, type TransitionInput } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import type { AppDeps } from "@/lib/applications/deps";
import { queueEndingMail } from "@/lib/applications/mail";
import { sourcesOf, targetOf, type Transition } from "@/lib/applications/state-machine";

/** The states whose arrival tells the applicant by email (card issued, identity refused, failed). */
const ENDINGS = new Set(["card_issued", "kyc_rejected", "failed"]);

/**
 * Performs one transition of the state machine: a conditional UPDATE from the transition's source states,
 * recorded in the timeline, with the email it causes in the same transaction. Answers undefined when another
 * request moved the application first.
 */
export const move = (
  deps: AppDeps,
  app: Pick<Application, "id">,
  t: Transition,
  reason: string,
  patch?: TransitionInput["patch"],
  detail?: Record<string, unknown>,
) =>
  transitionApplication(deps.db, {
    id: app.id,
    from: sourcesOf(t),
    to: targetOf(t),
    reason,
    patch,
    detail,
    now: deps.now(),
    afterMove: deps.mail?.enabled && ENDINGS.has(targetOf(t)) ? (tx, row) => queueEndingMail(deps, tx, row) : undefined,
  });
