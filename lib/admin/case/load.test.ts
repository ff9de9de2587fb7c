import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCase, issuerViewOf, TIMELINE_SOURCE_LIMIT } from "@/lib/admin/case/load";
import { pageTimeline, TIMELINE_PAGE_SIZE } from "@/lib/admin/case/timeline-page";
import { addNote, claimCase, releaseCase, revealValue, viewDocument } from "@/lib/admin/case/reveal-note-claim";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { PNG_BYTES, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import type { AppDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import { rowsOf } from "@/lib/db/rows";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser } from "@/lib/db/staff-users";
import { isPortalError } from "@/lib/errors";
import { databaseAudit } from "@/lib/issuer";
import { createIssuerClient } from "@/lib/issuer/client";
import type { StepId } from "@/lib/requirements/types";
import { sealingKeys } from "@/lib/applications/keys";
import { queueMail } from "@/lib/mail/queue";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// The staff application page's data and its actions against the sandbox over real HTTP, on PGlite.

let world: TestWorld;
let deps: AppDeps;
let appId = "";
let ann: Staff;
let bob: Staff;

async function staffMember(name: string): Promise<Staff> {
  const row = await createStaffUser(world.deps.db, { email: `${name}@example.com`, name, role: "agent", passwordHash: null });
  return { id: row?.id ?? "", email: `${name}@example.com`, name, role: "agent", ip: "10.0.0.1" };
}

beforeAll(async () => {
  world = await startTestWorld();
  // The process's issuer client logs every call in upstream_requests; the test world's does not, so add it here.
  const audit = databaseAudit(
    async () => world.deps.db,
    () => world.deps.keys,
  );
  const issuer = createIssuerClient(
    { baseUrl: world.sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", retryBaseMs: 5 },
    { audit },
  );
  deps = { ...world.deps, issuer };
  ann = await staffMember("ann");
  bob = await staffMember("bob");
  const { app } = await startApplication(deps, { productId: "prod_travel_standard_usd" });
  const uploaded = await uploadDocument(deps, app, { field: "identity.front_file_id", name: "passport.png", bytes: PNG_BYTES });
  let current = uploaded.app;
  for (const [step, values] of Object.entries(STANDARD_ANSWERS)) current = await saveDraftStep(deps, current, step as StepId, values);
  appId = (await submitApplication(deps, current)).id;
});
afterAll(async () => world.close());

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (isPortalError(e) ? e.code : String(e)),
  );

describe("the staff application page", () => {
  it("loads answers masked, documents, what blocks it and a timeline with transitions and upstream calls", async () => {
    const data = await loadCase(appId, deps);
    expect(data?.contact).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(data?.app.state).toBe("kyc_pending");
    expect(data?.blocker).toBe("kycWaiting");
    expect(data?.answers.draft).toMatchObject({ birth_date: "1990-**-**", identity: { number: "****4567" } });
    expect(data?.answers.steps?.map((s) => s.id)).toContain("identity-document");
    expect(data?.documents.map((d) => d.field)).toEqual(["identity.front_file_id"]);
    const kinds = data?.timeline.map((e) => e.kind) ?? [];
    expect(kinds).toContain("transition");
    const calls = (data?.timeline ?? []).flatMap((e) => (e.kind === "upstream" ? [`${e.method} ${e.path} ${e.httpStatus}`] : []));
    const ch = data?.app.cardholderId ?? "";
    expect(calls).toContain("POST /api/open/v2/issuing/cardholders 200");
    expect(calls).toContain(`POST /api/open/v1/issuing/cardholders/${ch}/kycLink 200`);
    // Recorded against the application (forApplication): its document upload, before any cardholder existed.
    expect(calls).toContain("POST /api/open/v1/common/files/upload 200");
    // Calls that belong to other applications are not on this one's timeline.
    const own = [
      "POST /api/open/v2/issuing/cardholders ",
      "POST /api/open/v1/common/files/upload ",
      "POST /api/open/v2/issuing/cardholders/validate ",
    ];
    expect(calls.filter((c) => !c.includes(ch) && !own.some((o) => c.startsWith(o)))).toEqual([]);
    expect(await loadCase("app_unknownunknownunknown0", deps)).toBeNull();
    expect(await loadCase("nonsense", deps)).toBeNull();
  });

  it("reads the issuer's view live, and says plainly when the issuer is down", async () => {
    const data = await loadCase(appId, deps);
    expect(await issuerViewOf(data?.app.cardholderId ?? "", deps)).toMatchObject({
      ok: true,
      status: "PENDING",
      kycStatus: "NOT_STARTED",
      cards: [],
    });
    await simulate(world, "/faults", { error_rate: 1 });
    try {
      expect(await issuerViewOf(data?.app.cardholderId ?? "", deps)).toEqual({ ok: false });
    } finally {
      await simulate(world, "/faults", {});
    }
  });

  it("reveals one value, auditing the field and never the value", async () => {
    expect(await revealValue(ann, appId, "identity.number", deps)).toEqual({ path: "identity.number", value: "P1234567" });
    expect(await code(revealValue(ann, appId, "ssn", deps))).toBe("NOT_FOUND");
    const [entry] = await listAuditEntries(deps.db, { applicationId: appId, action: "application.value_revealed" }, 5);
    expect(entry).toMatchObject({ staffEmail: "ann@example.com", target: "identity.number", detail: { field: "identity.number" } });
    expect(JSON.stringify(entry)).not.toContain("P1234567");
  });

  it("streams a document of this application only, audited", async () => {
    const data = await loadCase(appId, deps);
    const fileId = data?.documents[0]?.fileId ?? "";
    const doc = await viewDocument(ann, appId, fileId, deps);
    expect(doc).toMatchObject({ contentType: "image/png", name: "identity-front_file_id.png" });
    expect(Buffer.from(doc.bytes).equals(Buffer.from(PNG_BYTES))).toBe(true);
    expect(await code(viewDocument(ann, appId, "file_not_this_one", deps))).toBe("NOT_FOUND");
    const [entry] = await listAuditEntries(deps.db, { applicationId: appId, action: "application.document_viewed" }, 5);
    expect(entry).toMatchObject({ target: fileId, detail: { field: "identity.front_file_id" } });
  });

  it("keeps notes sealed and shows them on the timeline with their author", async () => {
    await addNote(ann, appId, "Called Ms Lovelace-Note about the blurry photo", deps);
    const dump = JSON.stringify(rowsOf(await deps.db.execute(sql`select * from application_notes`)));
    expect(dump).not.toContain("Lovelace-Note");
    const data = await loadCase(appId, deps);
    expect(data?.timeline[0]).toMatchObject({ kind: "note", author: "ann", body: "Called Ms Lovelace-Note about the blurry photo" });
  });

  it("shows the emails queued for the application on its timeline, the recipient masked and never a link", async () => {
    const link = `http://portal.test/kyc/${"K".repeat(40)}`;
    const params = { link, expires: "2026-12-01T00:00:00.000Z", last: false };
    const ring = await sealingKeys(deps, appId);
    await queueMail(
      deps.db,
      TEST_MAIL_SETTINGS,
      { kind: "kyc_reminder", locale: "en", to: "ada@example.com", ring, params, applicationId: appId },
      deps.now(),
    );
    const data = await loadCase(appId, deps);
    const mail = data?.timeline.filter((e) => e.kind === "mail") ?? [];
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: "a•••@example.com", state: "pending", failure: null, sentAt: null });
    expect(JSON.stringify(mail)).not.toMatch(/ada@example\.com|KKKK/);
  });

  it("claims, refuses a second agent without a take-over, takes over when asked, releases for the holder only", async () => {
    await claimCase(ann, appId, false, deps);
    expect((await loadCase(appId, deps))?.assignee).toMatchObject({ id: ann.id, name: "ann" });
    expect(await code(claimCase(bob, appId, false, deps))).toBe("INVALID_STATE");
    expect(await code(releaseCase(bob, appId, deps))).toBe("INVALID_STATE");
    await claimCase(bob, appId, true, deps);
    expect((await loadCase(appId, deps))?.assignee).toMatchObject({ id: bob.id });
    await releaseCase(bob, appId, deps);
    expect((await loadCase(appId, deps))?.assignee).toBeNull();
    const actions = (await listAuditEntries(deps.db, { applicationId: appId }, 20)).map((e) => e.action);
    expect(actions.filter((a) => a === "application.claimed")).toHaveLength(2);
    expect(actions).toContain("application.released");
    const takeOver = (await listAuditEntries(deps.db, { applicationId: appId, action: "application.claimed" }, 1))[0];
    expect(takeOver?.detail).toEqual({ took_over_from: "ann@example.com" });
  });
  it("does not add a timeline entry when staff view the application, however often (the GETs stay in the request log)", async () => {
    const before = await loadCase(appId, deps);
    const ch = before?.app.cardholderId ?? "";
    const path = `/api/open/v2/issuing/cardholders/${ch}`;
    const gets = async () =>
      Number(
        rowsOf<{ n: string | number }>(await deps.db.execute(sql`select count(*) as n from upstream_requests where path = ${path}`))[0]?.n,
      );
    const logged = await gets();
    // What the page does on each view: the case, and the issuer's live view of the cardholder.
    for (let i = 0; i < 6; i += 1) {
      await loadCase(appId, deps);
      expect((await issuerViewOf(ch, deps)).ok).toBe(true);
    }
    expect(await gets()).toBe(logged + 6);
    const after = await loadCase(appId, deps);
    expect(after?.timeline.map((e) => e.key)).toEqual(before?.timeline.map((e) => e.key));
    expect(after?.timeline.filter((e) => e.kind === "upstream" && e.method === "GET")).toEqual([]);
  });

  it("groups thousands of issuer events of one type into one line, and says when a source is cut", async () => {
    const ch = (await loadCase(appId, deps))?.app.cardholderId ?? "";
    await deps.db.execute(sql`
      insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
      select 'evt_auth_' || g, 'issuing.authorization', now() - g * interval '1 second', ${ch}, '', '{}'::jsonb,
        case when g <= 3 then 'poisoned' else 'applied' end
      from generate_series(1, 1508) g`);
    await deps.db.execute(sql`
      insert into upstream_requests (method, path, request_id, attempt, http_status, duration_ms, application_id, created_at)
      select 'POST', '/api/open/v1/issuing/cards', 'req_many_' || g, 1, 503, 10, ${appId}, now() - g * interval '1 second'
      from generate_series(1, ${TIMELINE_SOURCE_LIMIT + 20}) g`);
    const data = await loadCase(appId, deps);
    const groups = data?.timeline.filter((e) => e.kind === "webhookGroup") ?? [];
    expect(groups).toMatchObject([{ eventType: "issuing.authorization", count: 1508, notApplied: 3 }]);
    expect(data?.timeline.filter((e) => e.kind === "webhook" && e.eventType === "issuing.authorization")).toEqual([]);
    expect(data?.cut).toEqual(["calls"]);
    const first = pageTimeline(data?.timeline ?? [], 1);
    expect(first.entries).toHaveLength(TIMELINE_PAGE_SIZE);
    expect(first.pages).toBeGreaterThan(4);
  });
});
