import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import {
  decideFromKycPage,
  getKycPageState,
  openKycPage,
  returnUrlWithResult,
  safeReturnUrl,
  type KycPageDeps,
} from "@/lib/sandbox/kyc-page";
import { sandboxWebhookOutbox } from "@/lib/sandbox/schema";
import { findCardholder, insertCardholder } from "@/lib/sandbox/store/cardholders";
import { findKycLink, replaceKycLink } from "@/lib/sandbox/store/kyc-links";

const NOW = new Date("2025-01-02T03:04:05Z");
const LATER = new Date(NOW.getTime() + 60 * 60 * 1000);

let handle: DbHandle;
let seq = 0;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
});
afterAll(async () => handle.close());

const deps = (now = NOW): KycPageDeps => ({ db: handle.db, now, approvalDelayMs: 1000, appUrl: "http://localhost:3000" });

/** A REDIRECT_LINK cardholder (NOT_STARTED) with one fresh link; returns both ids. */
async function seed(expiresAt = LATER) {
  seq += 1;
  const id = `ch_kyc_page_${seq}`;
  const token = `tok_kyc_page_${seq}`;
  await insertCardholder(handle.db, {
    id,
    productId: "prod_virtual_simplified_usd",
    fields: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
    status: "PENDING",
    kycStatus: "NOT_STARTED",
    kycMethod: "REDIRECT_LINK",
    createdAt: NOW,
    updatedAt: NOW,
  });
  await replaceKycLink(handle.db, { token, cardholderId: id, reviewStatus: "init", expiresAt, createdAt: NOW });
  return { id, token };
}

async function kycEvents(id: string) {
  const rows = await handle.db
    .select()
    .from(sandboxWebhookOutbox)
    .where(eq(sandboxWebhookOutbox.eventType, "cardholder.kyc.status_changed"));
  return rows
    .map((r) => JSON.parse(r.body) as { data: { cardholder_id: string; kyc_status: string } })
    .filter((e) => e.data.cardholder_id === id);
}

describe("hosted KYC page state", () => {
  it("is unknown for a token that was never issued", async () => {
    expect(await getKycPageState("tok_nope", NOW, deps())).toEqual({ kind: "unknown" });
    expect(await openKycPage("tok_nope", deps())).toEqual({ kind: "unknown" });
    expect(await decideFromKycPage("tok_nope", "approve", deps())).toEqual({ kind: "unknown" });
  });

  it("is expired once expiresAt is reached, and then neither opens nor decides", async () => {
    const { id, token } = await seed(NOW);
    expect(await getKycPageState(token, NOW, deps())).toEqual({ kind: "expired" });
    expect(await openKycPage(token, deps())).toEqual({ kind: "expired" });
    expect(await decideFromKycPage(token, "approve", deps())).toEqual({ kind: "expired" });
    expect((await findCardholder(handle.db, id))?.kycStatus).toBe("NOT_STARTED");
    expect((await findKycLink(handle.db, token))?.reviewStatus).toBe("init");
  });

  it("is expired when a newer link replaced it, while the new one is open", async () => {
    const { id, token } = await seed();
    await replaceKycLink(handle.db, { token: `${token}_new`, cardholderId: id, reviewStatus: "init", expiresAt: LATER });
    expect(await getKycPageState(token, NOW, deps())).toEqual({ kind: "expired" });
    expect(await decideFromKycPage(token, "reject", deps())).toEqual({ kind: "expired" });
    expect(await getKycPageState(`${token}_new`, NOW, deps())).toMatchObject({ kind: "open" });
  });

  it("opening an open link puts it under review and KYC to PENDING, with an event", async () => {
    const { id, token } = await seed();
    expect(await openKycPage(token, deps())).toEqual({ kind: "open", cardholderName: "Ada Lovelace", expiresAt: LATER });
    expect((await findKycLink(handle.db, token))?.reviewStatus).toBe("pending");
    expect((await findCardholder(handle.db, id))?.kycStatus).toBe("PENDING");
    expect((await kycEvents(id)).map((e) => e.data.kyc_status)).toEqual(["PENDING"]);
    // Reloading the page changes nothing more.
    expect(await openKycPage(token, deps())).toMatchObject({ kind: "open" });
    expect(await kycEvents(id)).toHaveLength(1);
  });

  it("Approve verifies the cardholder, closes the link and queues the webhook", async () => {
    const { id, token } = await seed();
    await openKycPage(token, deps());
    expect(await decideFromKycPage(token, "approve", deps())).toEqual({ kind: "decided", decision: "approved" });
    const row = await findCardholder(handle.db, id);
    expect(row?.kycStatus).toBe("VERIFIED");
    expect(row?.approvalDueAt).toEqual(new Date(NOW.getTime() + 1000));
    expect((await findKycLink(handle.db, token))?.reviewStatus).toBe("approved");
    expect((await kycEvents(id)).map((e) => e.data.kyc_status)).toEqual(["PENDING", "VERIFIED"]);
  });

  it("Reject rejects the cardholder, also straight from an unopened link", async () => {
    const { id, token } = await seed();
    expect(await decideFromKycPage(token, "reject", deps())).toEqual({ kind: "decided", decision: "rejected" });
    expect((await findCardholder(handle.db, id))?.kycStatus).toBe("REJECTED");
    expect((await findKycLink(handle.db, token))?.reviewStatus).toBe("rejected");
    expect((await kycEvents(id)).map((e) => e.data.kyc_status)).toEqual(["REJECTED"]);
  });

  it("a second decision on a decided link changes nothing, even after expiry", async () => {
    const { id, token } = await seed();
    await decideFromKycPage(token, "approve", deps());
    expect(await decideFromKycPage(token, "reject", deps())).toEqual({ kind: "decided", decision: "approved" });
    expect(await decideFromKycPage(token, "reject", deps(new Date(LATER.getTime() + 1)))).toEqual({
      kind: "decided",
      decision: "approved",
    });
    expect((await findCardholder(handle.db, id))?.kycStatus).toBe("VERIFIED");
    expect(await kycEvents(id)).toHaveLength(1);
  });

  it("two simultaneous decisions apply only one", async () => {
    const { id, token } = await seed();
    const results = await Promise.all([decideFromKycPage(token, "approve", deps()), decideFromKycPage(token, "reject", deps())]);
    expect(results[0]).toEqual(results[1]);
    expect(await kycEvents(id)).toHaveLength(1);
  });
});

describe("safeReturnUrl", () => {
  const merchant = "https://merchant.example";
  it.each([
    ["https://merchant.example/kyc/done?x=1", "https://merchant.example/kyc/done?x=1"],
    ["  https://merchant.example  ", "https://merchant.example/"],
    ["https://MERCHANT.example:443/apply/x/status", "https://merchant.example/apply/x/status"],
  ])("accepts the merchant's own URL %s", (raw, expected) => {
    expect(safeReturnUrl(raw, merchant)).toBe(expected);
  });

  it("keeps the portal's loopback origin in sandbox mode", () => {
    expect(safeReturnUrl("http://localhost:3100/?back=1", "http://localhost:3100")).toBe("http://localhost:3100/?back=1");
  });

  it.each([
    undefined,
    "",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/relative/path",
    "//evil.example/path",
    "merchant.example/path",
    "ftp://merchant.example/file",
    "https://user:pass@evil.example/",
    "not a url at all",
    `https://merchant.example/${"a".repeat(3000)}`,
    "https://evil.example/phish",
    "https://merchant.example.evil.example/",
    "http://merchant.example/downgraded",
    "https://merchant.example:8443/other-port",
  ])("refuses %s (an open redirect otherwise)", (raw) => {
    expect(safeReturnUrl(raw, merchant)).toBeUndefined();
  });

  it("adds the result to the return URL, keeping its query and fragment", () => {
    expect(returnUrlWithResult("https://m.example/back?a=1#top", "approved")).toBe("https://m.example/back?a=1&kyc=approved#top");
    expect(returnUrlWithResult("https://m.example/back?kyc=old", "rejected")).toBe("https://m.example/back?kyc=rejected");
  });
});
