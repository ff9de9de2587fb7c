import "server-only";
import { findApplication } from "@/lib/db/applications";
import { correctionValues } from "@/lib/admin/case/actions/correct";
import { availableActions, type StaffActionKey } from "@/lib/admin/case/actions/rules";
import { processDeps } from "@/lib/applications/deps";

/** What the actions panel needs: the actions that apply now and the values the correction form starts from. */
export async function actionsPanelData(id: string): Promise<{ actions: StaffActionKey[]; correction: Record<string, string | undefined> }> {
  const deps = await processDeps();
  const app = await findApplication(deps.db, id);
  if (!app) return { actions: [], correction: {} };
  const actions = availableActions(app);
  if (!actions.includes("correct")) return { actions, correction: {} };
  const values = await correctionValues(deps, id);
  const { billing_address: address = {}, ...contact } = values;
  const flat = { ...contact, ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`billing_address.${k}`, v])) };
  return { actions, correction: flat as Record<string, string | undefined> };
}
