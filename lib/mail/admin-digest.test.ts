import { beforeAll, describe, expect, it } from "vitest";
import { keyringOf, open } from "@/lib/crypto/secret-box";
import { findMail, insertMail, listOutbox } from "@/lib/db/mail-outbox";
import { createStaffUser } from "@/lib/db/staff-users";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { queueAdminDigests, type DigestDeps } from "@/lib/mail/admin-digest";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// The admins' daily email: one per enabled admin and UTC day, however often the tick runs and on however many
// instances (the dedupe key), none before the hour, none to agents or disabled admins. On PGlite and, with
// TEST_DATABASE_URL, on Postgres with a pool, where the two ticks really run at once.

const keys = keyringOf("digest test key");

describe.each(testEngines())("the admins' daily email on %s", (_engine, openEngine) => {
  const database = useTestDatabase(openEngine);
  const db = () => database().db;
  const deps = (): DigestDeps => ({ db: db(), keys, mail: TEST_MAIL_SETTINGS, hour: 7 });
  const digests = async () => (await listOutbox(db(), undefined, undefined, 100)).filter((m) => m.kind === "admin_digest");
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const people = [
      { email: "ada.admin@example.com", role: "admin" as const },
      { email: "bo.admin@example.com", role: "admin" as const },
      { email: "gone.admin@example.com", role: "admin" as const, disabledAt: new Date() },
      { email: "agent@example.com", role: "agent" as const },
    ];
    for (const p of people) ids[p.email] = (await createStaffUser(db(), { name: "", ...p }))?.id ?? "";
    await insertMail(db(), { kind: "resume_link", locale: "en", subject: "s", recipientMasked: "x•••@example.com", state: "failed" });
  });
  it("waits for its hour", async () => {
    expect(await queueAdminDigests(deps(), new Date("2026-06-01T06:59:00Z"))).toEqual({ day: undefined, queued: 0 });
    expect(await digests()).toEqual([]);
  });

  it("goes once to each enabled admin, though two instances tick at once and again later that day", async () => {
    const ticks = await Promise.all([
      queueAdminDigests(deps(), new Date("2026-06-01T07:00:30Z")),
      queueAdminDigests(deps(), new Date("2026-06-01T07:00:31Z")),
    ]);
    expect(ticks.map((t) => t.day)).toEqual(["2026-06-01", "2026-06-01"]);
    expect(ticks[0]!.queued + ticks[1]!.queued).toBe(2);
    expect(await queueAdminDigests(deps(), new Date("2026-06-01T18:00:00Z"))).toEqual({ day: "2026-06-01", queued: 0 });
    const sent = await digests();
    expect(sent.map((m) => m.recipientMasked).sort()).toEqual(["a•••@example.com", "b•••@example.com"]);
    const row = await findMail(db(), sent[0]!.id);
    expect(row?.dedupeKey).toMatch(new RegExp(`^digest:2026-06-01:(${ids["ada.admin@example.com"]}|${ids["bo.admin@example.com"]})$`));
    const payload = JSON.parse(open(row?.payloadSealed ?? "", keys)) as { params: Record<string, unknown> };
    expect(payload.params).toMatchObject({
      hour: 7,
      attention: 0,
      failedMail: 1,
      poisonedWebhooks: 0,
      disabledEndpoints: 0,
      queueUrl: "http://portal.test/admin/applications?attention=1",
    });
  });

  it("goes again the next day, and not at all with mail off", async () => {
    const off = { ...deps(), mail: { ...TEST_MAIL_SETTINGS, enabled: false } };
    expect((await queueAdminDigests(off, new Date("2026-06-02T08:00:00Z"))).queued).toBe(0);
    expect((await queueAdminDigests(deps(), new Date("2026-06-02T08:00:00Z"))).queued).toBe(2);
    expect(await digests()).toHaveLength(4);
  });
});
