import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueCsv } from "@/lib/admin/queue/csv-export";
import { staffSearch } from "@/lib/admin/search/search";
import { openInvite } from "@/lib/applications/invite-token";
import { startApplication } from "@/lib/applications/start";
import { startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication } from "@/lib/db/applications";
import { merchantKeyByHash } from "@/lib/db/merchant-keys";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { newKeySchema } from "@/lib/api/schemas/merchant";
import { createMerchantKey, listKeys, revokeKey, type MerchantKeyDeps } from "@/lib/merchant/admin";
import { applicationsOfReference, inviteByKey } from "@/lib/merchant/api";
import { authenticateMerchant } from "@/lib/merchant/authenticate";
import { keyHash } from "@/lib/merchant/keys";
import { isMerchantKey } from "@/lib/merchant/reference";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";

// Merchant API keys and the merchant's reference on a real database (PGlite, and Postgres with TEST_DATABASE_URL);
// the invitation path against the embedded sandbox over real HTTP (PGlite). A key's input is what the route's
// newKeySchema made of the body.

const keyInput = (body: Record<string, unknown>) => newKeySchema.parse(body);

const admin = { id: randomUUID(), email: "admin@example.com", ip: "10.0.0.9" };
const bearer = (key: string) => new Headers({ authorization: `Bearer ${key}` });

describe.each(testEngines())("merchant API keys on %s", (_name, open) => {
  const handle = useTestDatabase(open);
  let now = new Date("2026-05-04T10:00:30Z");
  const deps = (): MerchantKeyDeps => ({ db: handle().db, now: () => now, mode: "sandbox" });

  it("are stored as a hash, answered once, listed without it, and audited", async () => {
    const { key, merchantKey } = await createMerchantKey(
      deps(),
      admin,
      keyInput({ name: "CRM", scopes: "applications:read", ratePerMinute: "" }),
    );
    expect(key).toMatch(/^pk_test_/);
    expect(merchantKey).toMatchObject({ name: "CRM", prefix: key.slice(0, 16), scopes: ["applications:read"], ratePerMinute: 60 });
    const row = await merchantKeyByHash(handle().db, keyHash(key));
    expect(row?.keyHash).toBe(keyHash(key));
    expect(JSON.stringify(await listKeys(deps()))).not.toContain(key.slice(16));
    const [entry] = await listAuditEntries(handle().db, { action: "merchant_key.created" }, 1);
    expect(entry).toMatchObject({ staffEmail: admin.email, target: merchantKey.id });
    expect(JSON.stringify(entry?.detail)).not.toContain(key.slice(16));
  });

  it("refuse bad input with field-named errors (the route's schema), and a number or nothing for the rate", () => {
    const bad = newKeySchema.safeParse({ name: " ", scopes: "admin", ratePerMinute: "0" });
    expect(fieldErrorsFromZod(bad.error!, isMerchantKey)).toEqual({
      name: "errors.merchant.key_name",
      scopes: "errors.merchant.scopes",
      ratePerMinute: "errors.merchant.rate",
    });
    expect(keyInput({ name: "CRM", scopes: "invites:write applications:read", ratePerMinute: 7 })).toEqual({
      name: "CRM",
      scopes: ["applications:read", "invites:write"],
      ratePerMinute: 7,
    });
    expect(keyInput({ name: "CRM", scopes: "invites:write" }).ratePerMinute).toBe(60);
  });

  it("authenticate: 401 without, unknown or revoked; 403 out of scope; 429 past the key's own limit", async () => {
    const db = handle().db;
    const { key, merchantKey } = await createMerchantKey(
      deps(),
      admin,
      keyInput({ name: "ERP", scopes: "applications:read", ratePerMinute: "2" }),
    );
    await expect(authenticateMerchant(db, new Headers(), "applications:read", now)).rejects.toMatchObject({ status: 401 });
    const unknown = `pk_test_${"A".repeat(43)}`;
    await expect(authenticateMerchant(db, bearer(unknown), "applications:read", now)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateMerchant(db, bearer(key), "invites:write", now)).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect((await authenticateMerchant(db, bearer(key), "applications:read", now)).id).toBe(merchantKey.id);
    expect((await merchantKeyByHash(db, keyHash(key)))?.lastUsedAt?.toISOString()).toBe(now.toISOString());
    await authenticateMerchant(db, bearer(key), "applications:read", now);
    await expect(authenticateMerchant(db, bearer(key), "applications:read", now)).rejects.toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      retryAfterSeconds: 30,
    });
    now = new Date(now.getTime() + 60_000); // the next minute's window
    expect((await authenticateMerchant(db, bearer(key), "applications:read", now)).id).toBe(merchantKey.id);
    await revokeKey(deps(), admin, merchantKey.id);
    await expect(authenticateMerchant(db, bearer(key), "applications:read", now)).rejects.toMatchObject({ status: 401 });
    await expect(revokeKey(deps(), admin, merchantKey.id)).rejects.toMatchObject({ status: 404 });
    const [entry] = await listAuditEntries(db, { action: "merchant_key.revoked" }, 1);
    expect(entry).toMatchObject({ target: merchantKey.id, detail: { name: "ERP", prefix: merchantKey.prefix } });
  });
});

describe("the merchant's reference from invitation to staff search (sandbox over HTTP)", () => {
  let world: TestWorld;
  beforeAll(async () => void (world = await startTestWorld()));
  afterAll(async () => world.close());

  it("an invitation made with a key carries it sealed; the application started from it keeps it", async () => {
    const keyDeps = { db: world.deps.db, now: world.deps.now, mode: "sandbox" as const };
    const { key } = await createMerchantKey(keyDeps, admin, keyInput({ name: "CRM", scopes: "invites:write" }));
    const merchantKey = await authenticateMerchant(world.deps.db, bearer(key), "invites:write", world.deps.now());
    const reference = `crm-${randomUUID().slice(0, 8)}`;
    const body = { productId: "prod_travel_standard_usd", email: "grace@example.com", merchantReference: reference };
    const answer = await inviteByKey(world.deps, merchantKey, "10.1.1.1", body);
    expect(answer.url).not.toContain(reference);
    expect(new Date(answer.expiresAt).getTime() - world.deps.now().getTime()).toBeGreaterThan(29 * 86_400_000);
    const opened = openInvite(world.deps.keys, new URL(answer.url).searchParams.get("invite") ?? "", world.deps.now());
    expect(opened).toMatchObject({ state: "valid", merchantReference: reference });
    const [audit] = await listAuditEntries(world.deps.db, { action: "application.invite_created" }, 1);
    expect(audit).toMatchObject({ staffId: null, staffEmail: `merchant-key:${merchantKey.prefix}` });
    expect(audit?.detail).toMatchObject({ merchant_reference: reference, via: "merchant_api", key_id: merchantKey.id });
    expect(JSON.stringify(audit?.detail)).not.toContain("grace");

    const { app } = await startApplication(world.deps, {
      productId: "prod_travel_standard_usd",
      email: "grace@example.com",
      merchantReference: reference,
    });
    expect((await findApplication(world.deps.db, app.id))?.merchantReference).toBe(reference);
    const plain = (await startApplication(world.deps, { productId: "prod_travel_standard_usd" })).app;
    expect(plain.merchantReference).toBeNull();

    const state = await applicationsOfReference(world.deps, new URLSearchParams({ merchant_reference: reference }));
    expect(state.applications).toEqual([
      expect.objectContaining({ id: app.id, state: "draft", erased: false, productId: "prod_travel_standard_usd" }),
    ]);
    expect(JSON.stringify(state)).not.toContain("grace");
    await expect(applicationsOfReference(world.deps, new URLSearchParams({ merchant_reference: "bad ref" }))).rejects.toMatchObject({
      fields: { merchant_reference: "errors.merchant.reference" },
    });

    const found = await staffSearch(world.deps.db, world.deps.keys, reference);
    expect(found?.term.kind).toBe("merchant_reference");
    expect(found?.applications.map((a) => [a.id, a.merchantReference])).toEqual([[app.id, reference]]);
    const csv = await new Response(queueCsv(world.deps.db, world.deps.keys, { now: new Date() }, "created_desc")).text();
    expect(csv.split("\n")[0]).toContain("merchant_reference");
    expect(csv.split("\n").find((line) => line.includes(app.id))).toContain(reference);
  });
});
