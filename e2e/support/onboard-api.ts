import type { APIRequestContext } from "@playwright/test";
import { PNG } from "./open-api";
import { expect } from "./test";

// One whole onboarding through the portal's JSON API (Premium Enhanced: SSN, passport, identity check), the
// identity check passed with the sandbox's test helper, until the card is issued. For the data-at-rest specs.

export type Planted = { number: string; ssn: string; birth: string; lastName: string; email: string; line1: string; mobile?: string };

export function plantedValues(tag: string): Planted {
  return {
    // As the portal stores a document number (issue #28: capitals, no spaces or hyphens), so the at-rest specs
    // look for the very form that is kept.
    number: `ZQ7731${tag}`,
    ssn: "918273645",
    birth: "1979-03-14",
    lastName: `Zwaardvis${tag}`,
    email: `plant.${tag.toLowerCase()}.${Date.now()}@example.com`,
    line1: `17 ${tag}laan`,
  };
}

/** A bearer token of the sandbox's Open API (and test helpers), with its default credentials. */
export async function sandboxToken(sandboxOrigin: string): Promise<string> {
  const answer = await fetch(`${sandboxOrigin}/sandbox/api/open/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": crypto.randomUUID() },
    body: JSON.stringify({ api_key: "sandbox_key", api_secret: "sandbox_secret" }),
  });
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}

/** Starts, fills, submits and gets a card for one application; answers its id and cardholder id. */
export async function onboardThroughApi(api: APIRequestContext, sandboxOrigin: string, planted: Planted) {
  const started = await api.post("/api/applications", { data: { productId: "prod_premium_enhanced_eur" } });
  expect(started.status(), await started.text()).toBe(201);
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  const doc = await api.post(`/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: `${planted.lastName}-passport.png`, mimeType: "image/png", buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  const steps: Array<[string, Record<string, unknown>]> = [
    [
      "about-you",
      { first_name: "Ada", last_name: planted.lastName, birth_date: planted.birth, gender: 2, nationality: "US", ssn: planted.ssn },
    ],
    ["contact", { email: planted.email, area_code: "+1", mobile_number: planted.mobile ?? "2025550143" }],
    ["identity-document", { identity: { type: "PASSPORT", number: planted.number, issue_country: "US", expiry_date: "2032-01-31" } }],
    ["address", { billing_address: { country: "US", city: "Boston", line1: planted.line1, postcode: "02134" } }],
  ];
  for (const [step, values] of steps) {
    const saved = await api.put(`/api/applications/${id}/draft`, { data: { step, values } });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  const submitted = await api.post(`/api/applications/${id}/submit`, { data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // The issuer's side: the person passes the identity check (the sandbox's test helper), and the card is issued.
  const token = await sandboxToken(sandboxOrigin);
  const found = await fetch(`${sandboxOrigin}/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(planted.email)}`, {
    headers: { authorization: `Bearer ${token}`, "x-request-id": crypto.randomUUID() },
  });
  const cardholderId = ((await found.json()) as { data: { items: Array<{ id: string }> } }).data.items[0]?.id ?? "";
  expect(cardholderId).toBeTruthy();
  await fetch(`${sandboxOrigin}/sandbox/simulate/cardholders/${cardholderId}/kyc`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ kyc_status: "VERIFIED" }),
  });
  const state = async () =>
    ((await (await api.get(`/api/applications/${id}/status`)).json()) as { application: { state: string } }).application.state;
  await expect.poll(state, { timeout: 30_000 }).toBe("card_issued");
  return { id, cardholderId };
}
