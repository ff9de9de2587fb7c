import type { APIRequestContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { fillStandard, issuerRecord, SIMPLIFIED, startDraft, stateOf, submit } from "./applicant";
import { signInOnPage, type StaffLogin } from "./staff";
import { expect } from "./test";

// The application page as an agent acts on it, for the specs of its actions (e2e/admin-actions.spec.ts and
// e2e/admin-retry-card.spec.ts, which runs alone because it drops every answer of the sandbox), and applications
// in given states made through the portal API.

/** A titled region of the application page. */
export const section = (page: Page, title: string) => page.getByRole("region", { name: title });

/** Signs `login` in on the application page of `id` and waits for its actions. */
export async function openCase(page: Page, login: StaffLogin, id: string) {
  await signInOnPage(page, login, `/admin/applications/${id}`);
  await expect(page.getByRole("heading", { name: "Actions" })).toBeVisible();
}

/** A Standard application submitted through the portal API, waiting for its identity check. */
export async function pendingStandard(request: APIRequestContext) {
  const id = await startDraft(request);
  const email = await fillStandard(request, id);
  expect(await submit(request, id)).toBe("kyc_pending");
  return { id, email };
}

/** A Simplified application (no address asked) submitted through the portal API. Answers its id and email. */
export async function submittedSimplified(request: APIRequestContext) {
  const id = await startDraft(request, SIMPLIFIED);
  const email = `grace.${randomUUID().slice(0, 8)}@example.com`;
  const steps: Array<[string, Record<string, unknown>]> = [
    ["about-you", { first_name: "Grace", last_name: "Hopper" }],
    ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
  ];
  for (const [step, values] of steps) {
    const saved = await request.put(`/api/applications/${id}/draft`, { data: { step, values } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await submit(request, id);
  return { id, email };
}

/** A Simplified application through the portal API, up to its card. Answers its id and cardholder id. */
export async function issuedSimplified(request: APIRequestContext) {
  const { id, email } = await submittedSimplified(request);
  await expect.poll(() => stateOf(request, id), { timeout: 30_000 }).toBe("card_issued");
  const cardholderId = (await issuerRecord(request, email)).id;
  expect(cardholderId).not.toBe("");
  return { id, cardholderId };
}
