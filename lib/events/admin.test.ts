import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findEndpoint } from "@/lib/db/event-endpoints";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import {
  addEndpoint,
  editEndpoint,
  findPublicEndpoint,
  listPublicEndpoints,
  removeEndpoint,
  rotateEndpoint,
  setEndpointEnabled,
} from "@/lib/events/admin";
import { disableEndpoint } from "@/lib/db/event-endpoints";
import type { EndpointDeps } from "@/lib/events/endpoints";
import { signingSecrets } from "@/lib/events/endpoints";
import { KEYS } from "@/lib/events/testing/world";

// The admins' side of the event endpoints on a real database (PGlite, and Postgres with TEST_DATABASE_URL): edits
// checked like a creation, rotation with its overlap, off and on, delete; each audited, never with a secret.

const admin = { id: randomUUID(), email: "admin@example.com", ip: "10.0.0.9" };

describe.each(testEngines())("event endpoints, the admins' side, on %s", (_name, open) => {
  const handle = useTestDatabase(open);
  let now = new Date("2026-05-04T10:00:00Z");
  const deps = (mode: "sandbox" | "live" = "sandbox"): EndpointDeps => ({ db: handle().db, keys: KEYS, mode, now: () => now });
  const audit = async (action: Parameters<typeof listAuditEntries>[1]["action"]) => (await listAuditEntries(handle().db, { action }, 5))[0];

  it("an edit changes only what is given, checks a new URL again, and is audited with the names of what changed", async () => {
    const { endpoint } = await addEndpoint(deps(), admin, { url: "http://127.0.0.1:9/a", description: "CRM" });
    now = new Date(now.getTime() + 60_000);
    const { endpoint: edited } = await editEndpoint(deps(), admin, endpoint.id, { eventTypes: ["application.card_issued"] });
    expect(edited).toMatchObject({ url: "http://127.0.0.1:9/a", description: "CRM", eventTypes: ["application.card_issued"] });
    expect(await audit("event_endpoint.updated")).toMatchObject({
      target: endpoint.id,
      detail: { changed: ["eventTypes"], event_types: ["application.card_issued"] },
    });

    // Refused: a URL with a password, an ftp one, http in live mode, no types; nothing changes.
    for (const [url, problem] of [
      ["http://user:pw@127.0.0.1/", "userinfo"],
      ["ftp://x", "scheme"],
      ["not a url", "invalid"],
    ] as const) {
      await expect(editEndpoint(deps(), admin, endpoint.id, { url })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        fields: { url: `events.endpoint.url.${problem}` },
      });
    }
    await expect(editEndpoint(deps("live"), admin, endpoint.id, { url: "https://10.0.0.1/" })).rejects.toMatchObject({
      fields: { url: "events.endpoint.url.private_address" },
    });
    await expect(editEndpoint(deps(), admin, endpoint.id, { eventTypes: [] })).rejects.toMatchObject({
      fields: { eventTypes: "events.endpoint.types" },
    });
    expect((await findEndpoint(handle().db, endpoint.id))?.url).toBe("http://127.0.0.1:9/a");

    // Every type again, the description cleared; an unknown id is NOT_FOUND.
    const { endpoint: all } = await editEndpoint(deps(), admin, endpoint.id, { eventTypes: null, description: null });
    expect(all).toMatchObject({ eventTypes: null, description: null });
    await expect(editEndpoint(deps(), admin, "ep_unknown", { description: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a rotation answers a new secret once; both sign during the overlap, the new one alone after; the audit has no secret", async () => {
    const { endpoint, secret: first } = await addEndpoint(deps(), admin, { url: "http://127.0.0.1:9/r" });
    const { secret, previousExpiresAt } = await rotateEndpoint(deps(), admin, endpoint.id, 2);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first);
    expect(previousExpiresAt).toBe(new Date(now.getTime() + 2 * 3_600_000).toISOString());
    const row = await findEndpoint(handle().db, endpoint.id);
    if (!row) throw new Error("the endpoint is gone");
    expect(signingSecrets(row, KEYS, now)).toEqual([secret, first]);
    expect(signingSecrets(row, KEYS, new Date(now.getTime() + 2 * 3_600_000 + 1))).toEqual([secret]);
    expect((await findPublicEndpoint(deps(), endpoint.id))?.previousSignsUntil).toBe(previousExpiresAt);

    const entry = await audit("event_endpoint.secret_rotated");
    expect(entry).toMatchObject({ target: endpoint.id, detail: { overlap_hours: 2 } });
    const stored = JSON.stringify(await listAuditEntries(handle().db, {}, 100));
    for (const s of [secret, first]) expect(stored).not.toContain(s.slice(6));
    expect(JSON.stringify(await listPublicEndpoints(deps()))).not.toContain(secret.slice(6));

    // No overlap: the previous secret stops at once.
    const { secret: third } = await rotateEndpoint(deps(), admin, endpoint.id, 0);
    const after = await findEndpoint(handle().db, endpoint.id);
    if (!after) throw new Error("the endpoint is gone");
    expect(signingSecrets(after, KEYS, now)).toEqual([third]);
    expect((await findPublicEndpoint(deps(), endpoint.id))?.previousSignsUntil).toBeNull();
    await expect(rotateEndpoint(deps(), admin, "ep_unknown", 24)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("off by staff and on again, each audited once; on again after failures says what it was; delete is audited", async () => {
    const { endpoint } = await addEndpoint(deps(), admin, { url: "http://127.0.0.1:9/o" });
    const { endpoint: off } = await setEndpointEnabled(deps(), admin, endpoint.id, false);
    expect(off).toMatchObject({ enabled: false, disabledReason: "staff", disabledAt: now.toISOString() });
    // Already off: answered as it is, nothing more audited.
    await setEndpointEnabled(deps(), admin, endpoint.id, false);
    const offs = await listAuditEntries(handle().db, { action: "event_endpoint.disabled" }, 10);
    expect(offs.filter((e) => e.target === endpoint.id)).toHaveLength(1);
    const { endpoint: on } = await setEndpointEnabled(deps(), admin, endpoint.id, true);
    expect(on).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 });

    await disableEndpoint(handle().db, endpoint.id, "failures", now);
    await setEndpointEnabled(deps(), admin, endpoint.id, true);
    expect(await audit("event_endpoint.enabled")).toMatchObject({ target: endpoint.id, detail: { was_disabled_by: "failures" } });

    expect(await removeEndpoint(deps(), admin, endpoint.id)).toEqual({ ok: true });
    expect(await findEndpoint(handle().db, endpoint.id)).toBeUndefined();
    expect(await audit("event_endpoint.deleted")).toMatchObject({ target: endpoint.id, detail: { url: "http://127.0.0.1:9/o" } });
    await expect(removeEndpoint(deps(), admin, endpoint.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setEndpointEnabled(deps(), admin, endpoint.id, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
