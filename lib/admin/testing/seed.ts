import "server-only";
import { randomBytes } from "node:crypto";
import { applicationEvents, applications, mailOutbox, type ApplicationState, type NewApplication, type NewMailRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { ownerKeyrings } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import { hashToken, newApplicationId } from "@/lib/applications/ids-and-tokens";
import { sealDraft } from "@/lib/applications/draft-store";
import { searchColumnsOf } from "@/lib/applications/search-index";
import { seededMailOf } from "@/lib/admin/testing/seed-mail";

// Seeded applications for the staff area and its benchmarks (`npm run db:seed -- --applications N`): varied
// states along the paths the state machine allows, their timelines, sealed answers, search indexes and emails.

const FIRST = [
  "Ada",
  "Grace",
  "Alan",
  "Katherine",
  "Linus",
  "Margaret",
  "Tim",
  "Barbara",
  "Dennis",
  "Frances",
  "Ken",
  "Radia",
  "Hedy",
  "John",
  "Mary",
  "Zoë",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Johnson",
  "Torvalds",
  "Hamilton",
  "Berners",
  "Liskov",
  "Ritchie",
  "Allen",
  "Thompson",
  "Perlman",
  "Lamarr",
  "Backus",
  "Keller",
  "Brontë",
];

/** Paths through the state machine and how often each ends an application (shares of 100). */
const PATHS: Array<{ share: number; states: ApplicationState[] }> = [
  { share: 28, states: ["draft"] },
  { share: 4, states: ["draft", "submitted"] },
  { share: 14, states: ["draft", "submitted", "kyc_pending"] },
  { share: 6, states: ["draft", "submitted", "kyc_pending", "kyc_rejected"] },
  { share: 2, states: ["draft", "submitted", "kyc_pending", "approved"] },
  { share: 1, states: ["draft", "submitted", "kyc_pending", "approved", "card_issuing"] },
  { share: 37, states: ["draft", "submitted", "kyc_pending", "approved", "card_issuing", "card_issued"] },
  { share: 8, states: ["draft", "submitted", "kyc_pending", "failed"] },
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
/**
 * The merchant's customer reference (bench/admin.mjs searches by it): two applications in five, each reference shared
 * by two (a customer who applied twice), and one in a thousand `CUST-BUSY`; as bench/merchant-references.sql does.
 */
export const merchantReferenceOf = (n: number): string | null =>
  n % 1000 === 2 ? "CUST-BUSY" : n % 5 <= 1 ? `CUST-${String(Math.floor(n / 5)).padStart(7, "0")}` : null;

function pathFor(n: number): ApplicationState[] {
  let at = n % 100;
  for (const p of PATHS) {
    if (at < p.share) return p.states;
    at -= p.share;
  }
  return ["draft"];
}

export type SeedOptions = {
  count: number;
  productIds: string[];
  now: Date;
  keys: Keyring;
  batch?: number;
  onProgress?: (done: number) => void;
};

/** Inserts `count` applications with their timelines, `batch` at a time; answers how many were written. */
export async function seedApplications(db: Database, o: SeedOptions): Promise<number> {
  const batch = o.batch ?? 1000;
  for (let start = 0; start < o.count; start += batch) {
    const apps: NewApplication[] = [];
    const events: Array<typeof applicationEvents.$inferInsert> = [];
    const mail: NewMailRow[] = [];
    const ids = Array.from({ length: Math.min(o.count, start + batch) - start }, newApplicationId);
    // Each application's answers under its own data key, the batch's keys written in one go.
    const rings = await ownerKeyrings(o.keys, db, ids);
    for (let n = start; n < Math.min(o.count, start + batch); n++) {
      const states = pathFor(n * 7919);
      const state = states.at(-1) ?? "draft";
      const first = pick(FIRST, n);
      const last = pick(LAST, Math.floor(n / FIRST.length));
      const email = `${first}.${last}.${n}@example.com`.toLowerCase();
      // A UK mobile per application (+44 7700 nnnnnn): the staff search by phone is measured on it (bench/admin.mjs).
      const draft = {
        first_name: first,
        last_name: last,
        email,
        area_code: "+44",
        mobile_number: `7700${String(n % 1_000_000).padStart(6, "0")}`,
      };
      const createdAt = new Date(o.now.getTime() - ((n * 104_729) % (90 * 86_400)) * 1000);
      const id = ids[n - start] as string;
      const step = 40 * 60_000 + ((n * 31) % 240) * 60_000;
      states.forEach((s, i) =>
        events.push({
          applicationId: id,
          fromState: i === 0 ? null : (states[i - 1] ?? null),
          toState: s,
          reason: i === 0 ? "started" : "seeded",
          createdAt: new Date(createdAt.getTime() + i * step),
        }),
      );
      const app = {
        id,
        productId: pick(o.productIds, n),
        kycLevel: "Standard",
        kycMethod: "REDIRECT_LINK",
        state,
        draftCiphertext: sealDraft(draft, rings.get(id) ?? o.keys),
        ...searchColumnsOf(draft, o.keys),
        resumeHash: hashToken(randomBytes(32).toString("base64url")),
        resumeExpiresAt: new Date(createdAt.getTime() + 14 * 86_400_000),
        cardholderId: state === "draft" ? null : `ch_seed${randomBytes(10).toString("hex")}`,
        cardId: state === "card_issued" ? `card_seed${randomBytes(10).toString("hex")}` : null,
        failureCode: state === "failed" ? "CARDHOLDER_FAILED" : state === "kyc_rejected" ? "CARDHOLDER_KYC_REJECTED" : null,
        submittedAt: states.length > 1 ? new Date(createdAt.getTime() + step) : null,
        createdAt,
        updatedAt: new Date(createdAt.getTime() + (states.length - 1) * step),
        stateSince: new Date(createdAt.getTime() + (states.length - 1) * step),
        merchantReference: merchantReferenceOf(n),
      } satisfies NewApplication;
      apps.push(app);
      mail.push(...seededMailOf(app, draft.email, n, o.now));
    }
    await db.transaction(async (tx) => {
      await tx.insert(applications).values(apps);
      await tx.insert(applicationEvents).values(events);
      if (mail.length > 0) await tx.insert(mailOutbox).values(mail);
    });
    o.onProgress?.(Math.min(o.count, start + batch));
  }
  return o.count;
}
