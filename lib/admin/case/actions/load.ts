import "server-only";
import { findApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import type { AppDeps } from "@/lib/applications/deps";
import { allows, type StaffActionKey } from "@/lib/admin/case/actions/rules";
import { refuseErased } from "@/lib/applications/erased";
import { isApplicationId } from "@/lib/applications/application-id";

/** The application an action is about, if the action applies to its current state (else 404, 410 when erased, or 409). */
export async function loadForAction(deps: AppDeps, id: string, action: StaffActionKey): Promise<Application> {
  const app = isApplicationId(id) ? await findApplication(deps.db, id) : undefined;
  if (!app) throw new PortalError("NOT_FOUND", "No application has this reference.");
  refuseErased(app);
  if (!allows(app, action)) throw stateChanged();
  return app;
}

/** The application is not (or no longer) in a state where the action applies: the page is out of date. */
export const stateChanged = () =>
  new PortalError("INVALID_STATE", "This action does not apply to the application in its current state. Reload the page to see it.");
