import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import { keyringOf } from "@/lib/crypto/secret-box";
import { createIssuerClient } from "@/lib/issuer/client";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/testing/http-server";
import type { AppDeps } from "@/lib/applications/deps";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { move } from "@/lib/applications/transition";
import type { Application } from "@/lib/db/schema";
import { getCardholder } from "@/lib/issuer/resources/cardholders";
import type { StepId } from "@/lib/requirements/types";
import { waitFor } from "@/test/wait-for";

// A portal (domain deps) and an issuer sandbox on real loopback HTTP, sharing one in-memory database
// (their tables are apart, as in the app), for integration tests of lib/applications.

export type TestWorld = { deps: AppDeps; handle: DbHandle; sandbox: SandboxServer; close: () => Promise<void> };

export async function startTestWorld(): Promise<TestWorld> {
  const handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
  const sandbox = await startSandboxServer(handle.db);
  const issuer = createIssuerClient({ baseUrl: sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", retryBaseMs: 5 }, {});
  const deps: AppDeps = {
    db: handle.db,
    issuer,
    now: () => new Date(),
    keys: keyringOf("test data encryption key"),
    kycLinks: { hosts: [new URL(sandbox.config.appUrl).host], httpOnLoopback: true },
    appUrl: "http://portal.test",
  };
  return {
    deps,
    handle,
    sandbox,
    close: async () => {
      await sandbox.close();
      await handle.close();
    },
  };
}

/** Calls a sandbox test helper (/simulate/...) with a fresh token. */
export async function simulate(world: TestWorld, path: string, body: unknown): Promise<Response> {
  const token = await world.deps.issuer.tokens.get();
  return fetch(`${world.sandbox.baseUrl}/simulate${path}`, {
    method: path === "/faults" ? "PUT" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(32).fill(7)]);

export const STANDARD_ANSWERS = {
  "about-you": { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" },
  contact: { email: "ada@example.com", area_code: "+44", mobile_number: "7700900123" },
  "identity-document": { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } },
} as const;

export const SIMPLIFIED_ANSWERS = {
  "about-you": { first_name: "Grace", last_name: "Hopper" },
  contact: { email: "grace@example.com", area_code: "+1", mobile_number: "2025550143" },
} as const;

/** A Simplified application with an email of its own, approved: the sandbox approved its cardholder, the portal moved it. */
export async function approvedApplication(world: TestWorld, emailPrefix: string): Promise<Application> {
  let { app } = await startApplication(world.deps, { productId: "prod_virtual_simplified_usd" });
  const answers = {
    ...SIMPLIFIED_ANSWERS,
    contact: { ...SIMPLIFIED_ANSWERS.contact, email: `${emailPrefix}.${crypto.randomUUID().slice(0, 8)}@example.com` },
  };
  for (const [step, values] of Object.entries(answers)) app = await saveDraftStep(world.deps, app, step as StepId, values);
  app = await submitApplication(world.deps, app);
  await waitFor(async () => (await getCardholder(world.deps.issuer, app.cardholderId as string)).status === "SUCCESS", {
    what: "the sandbox's approval",
  });
  return (await move(world.deps, app, "approved", "approved (test)")) as Application;
}
