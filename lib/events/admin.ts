import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { deleteEndpoint, disableEndpoint, enableEndpoint, findEndpoint, listEndpoints } from "@/lib/db/event-endpoints";
import type { EventEndpoint } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/errors";
import { createEndpoint, rotateSecret, updateEndpointSettings, type EndpointDeps, type EndpointInput } from "@/lib/events/endpoints";

// The admins' side of the merchant endpoints (/admin/events): every change audited, the secret never in the audit.

type Actor = Pick<Staff, "id" | "email" | "ip">;

export async function processEndpointDeps(): Promise<EndpointDeps> {
  return { db: await getDb(), keys: getKeyring(), mode: getEnv().mode, now: () => new Date() };
}

export type PublicEndpoint = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: EventEndpoint["eventTypes"];
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What staff and the API see of an endpoint: never a secret, sealed or not. */
export const publicEndpoint = (e: EventEndpoint): PublicEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  eventTypes: e.eventTypes,
  enabled: e.enabled,
  disabledAt: e.disabledAt?.toISOString() ?? null,
  disabledReason: e.disabledReason,
  consecutiveFailures: e.consecutiveFailures,
  failingSince: e.failingSince?.toISOString() ?? null,
  previousSecretExpiresAt: e.previousSecretExpiresAt?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/** A new endpoint and its secret (answered once), audited as `event_endpoint.created`. */
export async function addEndpoint(deps: EndpointDeps, staff: Actor, input: EndpointInput) {
  const { endpoint, secret } = await createEndpoint(deps, input);
  const detail = { url: endpoint.url, event_types: endpoint.eventTypes ?? "all" };
  await recordStaffAction(deps.db, staff, "event_endpoint.created", { target: endpoint.id, detail }, deps.now());
  return { endpoint: publicEndpoint(endpoint), secret };
}

const notFound = () => new PortalError("NOT_FOUND", "There is no endpoint with this id.");

export async function listPublicEndpoints(deps: EndpointDeps): Promise<PublicEndpoint[]> {
  return (await listEndpoints(deps.db)).map(publicEndpoint);
}

/** The types an endpoint may choose from (the pages' checkboxes). */
export { EVENT_TYPES } from "@/lib/db/schema/events";

/** One endpoint for its page, and until when its previous secret still signs (null: no overlap running). */
export async function findPublicEndpoint(deps: EndpointDeps, id: string) {
  const row = /^ep_[\w-]{1,64}$/.test(id) ? await findEndpoint(deps.db, id) : undefined;
  if (!row) return undefined;
  const until = row.previousSecretExpiresAt;
  return { endpoint: publicEndpoint(row), previousSignsUntil: until && until > deps.now() ? until.toISOString() : null };
}

/** URL, description or types changed (a new URL checked again), audited with the names of what changed. */
export async function editEndpoint(deps: EndpointDeps, staff: Actor, id: string, input: Partial<EndpointInput>) {
  const changed = (["url", "eventTypes", "description"] as const).filter((k) => input[k] !== undefined);
  if (changed.length === 0) {
    const row = await findEndpoint(deps.db, id);
    if (!row) throw notFound();
    return { endpoint: publicEndpoint(row) };
  }
  const row = await updateEndpointSettings(deps, id, input);
  const detail = { changed, url: row.url, event_types: row.eventTypes ?? "all" };
  await recordStaffAction(deps.db, staff, "event_endpoint.updated", { target: row.id, detail }, deps.now());
  return { endpoint: publicEndpoint(row) };
}

/** A new secret, answered once; the previous one still signs for `overlapHours` (the audit keeps the hours only). */
export async function rotateEndpoint(deps: EndpointDeps, staff: Actor, id: string, overlapHours: number) {
  // One instant for the rotation, its answer and its audit entry.
  const at = deps.now();
  const fixed = { ...deps, now: () => at };
  const secret = await rotateSecret(fixed, id, overlapHours * 3_600_000);
  const previousExpiresAt = new Date(at.getTime() + overlapHours * 3_600_000).toISOString();
  const detail = { overlap_hours: overlapHours, previous_expires_at: previousExpiresAt };
  await recordStaffAction(deps.db, staff, "event_endpoint.secret_rotated", { target: id, detail }, at);
  return { secret, previousExpiresAt };
}

/**
 * Off by staff (its deliveries keep being written and wait), or back on (what waited goes out in order, the run
 * of failures counted from zero). Already in that state: answered as it is, nothing audited.
 */
export async function setEndpointEnabled(deps: EndpointDeps, staff: Actor, id: string, enabled: boolean) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await findEndpoint(tx, id);
    if (!before) throw notFound();
    if (before.enabled === enabled) return { endpoint: publicEndpoint(before) };
    const row = enabled ? await enableEndpoint(tx, id, now) : await disableEndpoint(tx, id, "staff", now);
    if (!row) throw notFound();
    const detail = enabled ? { was_disabled_by: before.disabledReason, since: before.disabledAt?.toISOString() ?? null } : {};
    await recordStaffAction(tx, staff, enabled ? "event_endpoint.enabled" : "event_endpoint.disabled", { target: id, detail }, now);
    return { endpoint: publicEndpoint(row) };
  });
}

/** Gone with its deliveries and their log; audited with its URL. */
export async function removeEndpoint(deps: EndpointDeps, staff: Actor, id: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await findEndpoint(tx, id);
    if (!before || !(await deleteEndpoint(tx, id))) throw notFound();
    await recordStaffAction(tx, staff, "event_endpoint.deleted", { target: id, detail: { url: before.url } }, now);
    return { ok: true as const };
  });
}
