import "server-only";
import { transitionApplication, type TransitionInput } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import type { AppDeps } from "@/lib/applications/deps";
import { sourcesOf, targetOf, type Transition } from "@/lib/applications/state-machine";

/**
 * Performs one transition of the state machine: a conditional UPDATE from the transition's source states,
 * recorded in the timeline. Answers undefined when another request moved the application first.
 */
export const move = (
  deps: AppDeps,
  app: Pick<Application, "id">,
  t: Transition,
  reason: string,
  patch?: TransitionInput["patch"],
  detail?: Record<string, unknown>,
) => transitionApplication(deps.db, { id: app.id, from: sourcesOf(t), to: targetOf(t), reason, patch, detail, now: deps.now() });
