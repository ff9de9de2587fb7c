import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/lib/db/types";
import { advanceDueCardholders, type LifecycleDeps } from "@/lib/sandbox/lifecycle";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import { findCardholder, insertCardholder } from "@/lib/sandbox/store/cardholders";

// THIRD_PARTY proofs on a controlled clock: PENDING until the decision is due, then verified (or rejected for a
// reference beginning reject_), then approved after the approval delay. e2e only sees the end of it.

const T0 = new Date("2026-01-02T03:04:05Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const KYC_DELAY = 2_000;
const APPROVAL_DELAY = 1_000;

let handle: DbHandle;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
});
afterAll(async () => handle.close());

const deps = (now: Date): LifecycleDeps => ({ db: handle.db, now, approvalDelayMs: APPROVAL_DELAY, appUrl: "http://localhost:3000" });

async function seedThirdParty(id: string, referenceId: string) {
  await insertCardholder(handle.db, {
    id,
    productId: "prod_virtual_standard_usd",
    fields: { first_name: "Ada", last_name: "Lovelace", email: `${id}@example.com` },
    status: "PENDING",
    kycStatus: "PENDING",
    kycMethod: "THIRD_PARTY",
    kycReferenceId: referenceId,
    kycDueAt: at(KYC_DELAY),
    createdAt: T0,
    updatedAt: T0,
  });
}

const state = async (id: string) => {
  const row = await findCardholder(handle.db, id);
  return { status: row?.status, kycStatus: row?.kycStatus };
};

describe("THIRD_PARTY identity proofs", () => {
  it("stay PENDING until due, are verified at the due time, and approved after the approval delay", async () => {
    await seedThirdParty("ch_third_good", "ref_123");
    await advanceDueCardholders(deps(at(KYC_DELAY - 1)));
    expect(await state("ch_third_good")).toEqual({ status: "PENDING", kycStatus: "PENDING" });
    await advanceDueCardholders(deps(at(KYC_DELAY)));
    expect(await state("ch_third_good")).toEqual({ status: "PENDING", kycStatus: "VERIFIED" });
    await advanceDueCardholders(deps(at(KYC_DELAY + APPROVAL_DELAY - 1)));
    expect(await state("ch_third_good")).toEqual({ status: "PENDING", kycStatus: "VERIFIED" });
    await advanceDueCardholders(deps(at(KYC_DELAY + APPROVAL_DELAY)));
    expect(await state("ch_third_good")).toEqual({ status: "SUCCESS", kycStatus: "VERIFIED" });
  });

  it("a reference beginning reject_ is rejected at the due time and the cardholder fails", async () => {
    await seedThirdParty("ch_third_bad", "reject_456");
    await advanceDueCardholders(deps(at(KYC_DELAY - 1)));
    expect(await state("ch_third_bad")).toEqual({ status: "PENDING", kycStatus: "PENDING" });
    await advanceDueCardholders(deps(at(KYC_DELAY)));
    expect(await state("ch_third_bad")).toEqual({ status: "FAILED", kycStatus: "REJECTED" });
  });
});
