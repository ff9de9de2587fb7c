import "server-only";
import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { findEndpoint, insertEndpoint, rotateEndpointSecret, updateEndpoint, type EndpointChanges } from "@/lib/db/event-endpoints";
import { EVENT_TYPES, type EventEndpoint, type EventType } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import type { Mode } from "@/lib/env-parse";
import { PortalError } from "@/lib/errors";
import { newEndpointSecret } from "@/lib/events/signing";
import { checkEndpointUrl, isPrivateAddress } from "@/lib/events/url-check";

// Merchant endpoints: created with a URL that passes the rules and a fresh secret (shown once), secrets rotated
// with an overlap during which both sign. The staff pages call these; the secrets stay sealed at rest.

export type EndpointDeps = { db: Database; keys: Keyring; mode: Mode; now: () => Date };
export type EndpointInput = { url: string; eventTypes?: EventType[] | null; description?: string | null };

/** How long the previous secret still signs after a rotation, unless the caller says otherwise. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const invalid = (message: string, field: string, key: string) => new PortalError("VALIDATION_ERROR", message, { [field]: key });

/** The URL rules, and in live mode every address its name has now (it is checked again at each delivery). */
export async function validateEndpointUrl(raw: string, mode: Mode): Promise<URL> {
  const checked = checkEndpointUrl(raw, mode);
  if (!checked.ok) throw invalid(checked.message, "url", `events.endpoint.url.${checked.problem}`);
  if (mode === "live") {
    const addresses = await lookup(checked.url.hostname, { all: true }).catch(() => []);
    if (addresses.length === 0) throw invalid("The endpoint URL's host name does not resolve.", "url", "events.endpoint.url.unresolved");
    if (addresses.some((a) => isPrivateAddress(a.address))) {
      throw invalid("The endpoint URL's host name resolves to a refused address.", "url", "events.endpoint.url.private_address");
    }
  }
  return checked.url;
}

function checkTypes(types: EventType[] | null | undefined): EventType[] | null {
  if (types === null || types === undefined) return null;
  const unknown = types.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (types.length === 0 || unknown.length > 0) {
    throw invalid(
      "Choose the event types from the documented list (or none to receive every type).",
      "eventTypes",
      "events.endpoint.types",
    );
  }
  return [...new Set(types)];
}

/** A new endpoint; answers it with its secret, which is never shown again. */
export async function createEndpoint(deps: EndpointDeps, input: EndpointInput): Promise<{ endpoint: EventEndpoint; secret: string }> {
  const url = await validateEndpointUrl(input.url, deps.mode);
  const eventTypes = checkTypes(input.eventTypes);
  const secret = newEndpointSecret();
  const now = deps.now();
  const endpoint = await insertEndpoint(deps.db, {
    id: `ep_${randomBytes(12).toString("base64url")}`,
    url: url.toString(),
    description: input.description?.trim().slice(0, 200) || null,
    eventTypes,
    secretSealed: seal(secret, deps.keys),
    createdAt: now,
    updatedAt: now,
  });
  return { endpoint, secret };
}

/**
 * Its URL, description or types changed, each only when given: a new URL passes the rules again, a null description
 * clears it, null types mean every type. Bad input throws before anything is written.
 */
export async function updateEndpointSettings(deps: EndpointDeps, id: string, input: Partial<EndpointInput>): Promise<EventEndpoint> {
  const changes: EndpointChanges = {};
  if (input.url !== undefined) changes.url = (await validateEndpointUrl(input.url, deps.mode)).toString();
  if (input.eventTypes !== undefined) changes.eventTypes = checkTypes(input.eventTypes);
  if (input.description !== undefined) changes.description = input.description?.trim().slice(0, 200) || null;
  const row = await updateEndpoint(deps.db, id, changes, deps.now());
  if (!row) throw new PortalError("NOT_FOUND", "There is no endpoint with this id.");
  return row;
}

/** A new secret; the current one keeps signing (beside it) for `overlapMs`. Answers the new secret, shown once. */
export async function rotateSecret(deps: EndpointDeps, id: string, overlapMs = ROTATION_OVERLAP_MS): Promise<string> {
  const endpoint = await findEndpoint(deps.db, id);
  if (!endpoint) throw new PortalError("NOT_FOUND", "There is no endpoint with this id.");
  const secret = newEndpointSecret();
  const now = deps.now();
  await rotateEndpointSecret(deps.db, id, seal(secret, deps.keys), endpoint.secretSealed, new Date(now.getTime() + overlapMs), now);
  return secret;
}

/** The secrets that sign now: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(endpoint: EventEndpoint, keys: Keyring, now: Date): string[] {
  const secrets = [open(endpoint.secretSealed, keys)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(open(endpoint.previousSecretSealed, keys));
  }
  return secrets;
}
