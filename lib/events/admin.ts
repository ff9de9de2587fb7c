import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import type { EventEndpoint } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { createEndpoint, type EndpointDeps, type EndpointInput } from "@/lib/events/endpoints";

// The admins' side of the merchant endpoints (/admin/events): every change audited, the secret never in the audit.

type Actor = Pick<Staff, "id" | "email" | "ip">;

export async function processEndpointDeps(): Promise<EndpointDeps> {
  return { db: await getDb(), keys: getKeyring(), mode: getEnv().mode, now: () => new Date() };
}

/** What staff and the API see of an endpoint: never a secret, sealed or not. */
export const publicEndpoint = (e: EventEndpoint) => ({
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
