import { applicationEvents, applications, webhookInbox, type ApplicationState } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Applications with a timeline of known times, inserted directly: the dashboard's integration tests check its
// counts and durations against them (lib/admin/dashboard/load.test.ts).

export const T0 = new Date("2026-06-10T00:00:00Z");
export const NOW = new Date("2026-06-30T12:00:00Z");
export const KYC_PRODUCT = "prod_kyc";
export const SIMPLE_PRODUCT = "prod_simple";
const min = (m: number) => new Date(T0.getTime() + m * 60_000);

type Seed = {
  id: string;
  product: string;
  state: ApplicationState;
  /** [from, to, minutes after T0] */
  path?: Array<[ApplicationState, ApplicationState, number]>;
  created?: Date;
  updated?: Date;
  lastStep?: string;
  failureCode?: string;
  upstreamKycStatus?: string;
  cardClaimedAt?: Date;
};

const K = KYC_PRODUCT;
const S = SIMPLE_PRODUCT;
const issuedKyc = (sub: number, ok: number, done: number): Array<[ApplicationState, ApplicationState, number]> => [
  ["draft", "submitted", sub],
  ["submitted", "kyc_pending", sub + 1],
  ["kyc_pending", "approved", ok],
  ["approved", "card_issuing", ok + 1],
  ["card_issuing", "card_issued", done],
];

export const SEEDS: Seed[] = [
  { id: "k1", product: K, state: "card_issued", path: issuedKyc(10, 70, 72) },
  { id: "k2", product: K, state: "card_issued", path: issuedKyc(20, 130, 134) },
  { id: "k3", product: K, state: "card_issuing", path: issuedKyc(30, 250, 0).slice(0, 4), cardClaimedAt: min(251) },
  {
    id: "k4",
    product: K,
    state: "kyc_rejected",
    failureCode: "CARDHOLDER_KYC_REJECTED",
    path: [
      ["draft", "submitted", 40],
      ["submitted", "kyc_pending", 41],
      ["kyc_pending", "kyc_rejected", 100],
    ],
  },
  {
    id: "k5",
    product: K,
    state: "kyc_pending",
    upstreamKycStatus: "VERIFIED",
    path: [
      ["draft", "submitted", 50],
      ["submitted", "kyc_pending", 51],
    ],
  },
  { id: "k6", product: K, state: "draft", lastStep: "contact", updated: min(60) },
  { id: "k7", product: K, state: "draft", updated: min(0) },
  { id: "k8", product: K, state: "failed", failureCode: "COUNTRY_RESTRICTION", path: [["draft", "failed", 3]] },
  {
    id: "s1",
    product: S,
    state: "card_issued",
    path: [
      ["draft", "submitted", 5],
      ["submitted", "approved", 15],
      ["approved", "card_issuing", 15],
      ["card_issuing", "card_issued", 16],
    ],
  },
  {
    id: "s2",
    product: S,
    state: "approved",
    path: [
      ["draft", "submitted", 10],
      ["submitted", "approved", 40],
    ],
  },
  { id: "s3", product: S, state: "draft", lastStep: "about-you", updated: min(30) },
  { id: "s4", product: S, state: "draft", lastStep: "contact", updated: new Date(NOW.getTime() - 3_600_000) },
  { id: "s5", product: S, state: "failed", failureCode: "CARDHOLDER_FIELDS_INCOMPLETE", path: [["draft", "failed", 4]] },
  {
    id: "s6",
    product: S,
    state: "failed",
    failureCode: "CARDHOLDER_FAILED",
    path: [
      ["draft", "submitted", 7],
      ["submitted", "failed", 9],
    ],
  },
  // Started before the period: counted nowhere but in "needs attention" (it is not in a state that needs it).
  { id: "o1", product: K, state: "card_issued", created: new Date("2026-05-20T00:00:00Z"), path: issuedKyc(-28_000, -27_000, -26_990) },
];

export async function seedDashboard(db: Database): Promise<void> {
  for (const s of SEEDS) {
    const created = s.created ?? T0;
    const steps = s.path ?? [];
    const last = steps.at(-1);
    await db.insert(applications).values({
      id: s.id,
      productId: s.product,
      kycLevel: s.product === K ? "Standard" : "Simplified",
      kycMethod: s.product === K ? "REDIRECT_LINK" : null,
      state: s.state,
      draftCiphertext: "sealed",
      resumeHash: `hash-${s.id}`,
      resumeExpiresAt: NOW,
      cardholderId: steps.length > 0 ? `ch_${s.id}` : null,
      failureCode: s.failureCode ?? null,
      upstreamKycStatus: s.upstreamKycStatus ?? null,
      cardClaimedAt: s.cardClaimedAt ?? null,
      lastStep: s.lastStep ?? null,
      createdAt: created,
      updatedAt: s.updated ?? (last ? min(last[2]) : created),
      stateSince: last ? min(last[2]) : created,
    });
    await db
      .insert(applicationEvents)
      .values([
        { applicationId: s.id, fromState: null, toState: "draft", reason: "started", createdAt: created },
        ...steps.map(([from, to, at]) => ({ applicationId: s.id, fromState: from, toState: to, reason: "seeded", createdAt: min(at) })),
      ]);
  }
  // A poisoned webhook event on an application that already needs attention for waiting: counted once in the total.
  await db.insert(webhookInbox).values({
    eventId: "evt_poisoned",
    eventType: "cardholder.updated",
    eventAt: T0,
    cardholderId: "ch_k5",
    body: "x",
    headers: {},
    state: "poisoned",
  });
}
