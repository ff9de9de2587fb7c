import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { PNG } from "./open-api";
import { sandboxCall } from "./sandbox-api";
import { expect } from "./test";

// An applicant driven through the portal API (its own request context holds the binding cookie), for the
// staff-area specs that need applications in given states.

export const STANDARD = "prod_travel_standard_usd";
export const SIMPLIFIED = "prod_virtual_simplified_usd";

const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  request.fetch(`/api${path}`, { method, ...(method === "GET" ? {} : { data: data ?? {} }) });

export async function startDraft(request: APIRequestContext, productId = STANDARD): Promise<string> {
  const started = await api(request, "POST", "/applications", { productId });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { application: { id: string } }).application.id;
}

/** A Standard draft with every answer and its passport: ready to submit. Answers the email used. */
export async function fillStandard(request: APIRequestContext, id: string): Promise<string> {
  const email = `ada.${randomUUID().slice(0, 8)}@example.com`;
  const doc = await request.post(`/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  const steps: Array<[string, Record<string, unknown>]> = [
    ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
  ];
  for (const [step, values] of steps) {
    const saved = await api(request, "PUT", `/applications/${id}/draft`, { step, values });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return email;
}

export async function submit(request: APIRequestContext, id: string): Promise<string> {
  const sent = await api(request, "POST", `/applications/${id}/submit`);
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { application: { state: string } }).application.state;
}

/** The state as the applicant's status endpoint says (it refreshes from the issuer and issues the card once allowed). */
export async function stateOf(request: APIRequestContext, id: string): Promise<string> {
  const answer = await api(request, "GET", `/applications/${id}/status`);
  return answer.ok() ? ((await answer.json()) as { application: { state: string } }).application.state : `HTTP ${answer.status()}`;
}

/** The issuer's own record of the cardholder with this email (v1 list), as text, and its id. */
export async function issuerRecord(request: APIRequestContext, email: string): Promise<{ id: string; text: string }> {
  const listed = await sandboxCall(request, "GET", `/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(email)}`);
  const text = JSON.stringify(listed.json);
  return { id: /"(ch_[A-Za-z0-9_-]+)"/.exec(text)?.[1] ?? "", text };
}

/** The state as stored, without refreshing from the issuer (so nothing is issued by looking). */
export async function storedState(request: APIRequestContext, id: string): Promise<string> {
  const answer = await api(request, "GET", `/applications/${id}`);
  return ((await answer.json()) as { application: { state: string } }).application.state;
}
