import "server-only";
import { findApplication } from "@/lib/db/applications";
import { correctionRestrictions, correctionValues, UNRESTRICTED } from "@/lib/admin/case/actions/correct";
import type { RestrictionLists } from "@/lib/requirements/restrictions";
import { availableActions, type StaffActionKey } from "@/lib/admin/case/actions/rules";
import { processDeps } from "@/lib/applications/deps";

/** What the correction form needs besides the values: the product's region lists. */
export type CorrectionRules = { restrictions: RestrictionLists };
type PanelData = {
  actions: StaffActionKey[];
  correction: Record<string, string | undefined>;
  correctionRules: CorrectionRules;
  mailEnabled: boolean;
};
const NO_RULES: CorrectionRules = { restrictions: UNRESTRICTED };

/**
 * What the actions panel needs: the actions that apply now, the values the correction form starts from, and
 * whether links may be emailed ("Send to applicant" is offered only then).
 */
export async function actionsPanelData(id: string): Promise<PanelData> {
  const deps = await processDeps();
  const mailEnabled = Boolean(deps.mail?.enabled);
  const app = await findApplication(deps.db, id);
  if (!app) return { actions: [], correction: {}, correctionRules: NO_RULES, mailEnabled };
  const actions = availableActions(app);
  if (!actions.includes("correct")) return { actions, correction: {}, correctionRules: NO_RULES, mailEnabled };
  const values = await correctionValues(deps, id);
  const { billing_address: address = {}, ...contact } = values;
  const flat = { ...contact, ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`billing_address.${k}`, v])) };
  // The issuer down with a cold catalog must not take the page down: the server checks the lists again on sending.
  const restrictions = await correctionRestrictions(deps, app.productId).catch(() => UNRESTRICTED);
  const correctionRules = { restrictions };
  return { actions, correction: flat as Record<string, string | undefined>, correctionRules, mailEnabled };
}
