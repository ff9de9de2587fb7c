import "server-only";
import { getDb } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { insertUpstreamRequest } from "@/lib/db/upstream-requests";
import { keyOwners, ownerKeyring } from "@/lib/crypto/data-keys";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { seal, type Keyring } from "@/lib/crypto/secret-box";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { createIssuerClient, type AuditSink, type IssuerClient } from "@/lib/issuer/client";
import { listCities, type City } from "@/lib/issuer/resources/cities";
import { listProducts } from "@/lib/issuer/resources/products";
import { staleWhileRevalidate, type StaleCache } from "@/lib/issuer/stale-cache";
import type { IssuerProduct } from "@/lib/issuer/types";

export { IssuerError, ISSUER_CODES, isIssuerError } from "@/lib/issuer/errors";
export type { IssuerClient } from "@/lib/issuer/client";

/**
 * Every upstream attempt lands in upstream_requests (the redacted body sealed, with the application's own data key
 * when the call was made for one; none at all once that key was destroyed) and in the log, without the body.
 */
export function databaseAudit(db: () => Promise<Database>, keys: () => Keyring): AuditSink {
  return async (entry) => {
    log.info("issuer.call", {
      method: entry.method,
      path: entry.path,
      request_id: entry.requestId,
      attempt: entry.attempt,
      status: entry.httpStatus,
      error: entry.errorCode,
      ms: entry.durationMs,
    });
    const { requestBody, ...rest } = entry;
    const database = await db();
    let sealed: string | null = null;
    if (requestBody !== null && requestBody !== undefined) {
      const ring = rest.applicationId ? await ownerKeyring(keys(), database, keyOwners.application(rest.applicationId)) : keys();
      sealed = ring ? seal(JSON.stringify(requestBody), ring) : null;
    }
    await insertUpstreamRequest(database, { ...rest, requestBody: null, requestBodySealed: sealed });
  };
}

const holder = globalThis as typeof globalThis & { __issuerClient?: IssuerClient };

/** The process's client of the configured upstream (the sandbox's URL in sandbox mode). */
export function getIssuer(): IssuerClient {
  if (!holder.__issuerClient) {
    const env = getEnv();
    holder.__issuerClient = createIssuerClient(
      { baseUrl: env.issuer.baseUrl, apiKey: env.issuer.apiKey, apiSecret: env.issuer.apiSecret },
      { audit: databaseAudit(getDb, getKeyring) },
    );
  }
  return holder.__issuerClient;
}

const productCaches = new WeakMap<IssuerClient, StaleCache<IssuerProduct[]>>();

/** The product list: fresh for a minute per client, then served stale (up to an hour) while it refreshes. */
export function getProducts(client: IssuerClient = getIssuer()): Promise<IssuerProduct[]> {
  let cache = productCaches.get(client);
  if (!cache) {
    cache = staleWhileRevalidate(() => listProducts(client), { ttlMs: 60_000, maxStaleMs: 3_600_000 });
    productCaches.set(client, cache);
  }
  return cache.get();
}

export async function getProduct(id: string, client?: IssuerClient): Promise<IssuerProduct | undefined> {
  return (await getProducts(client)).find((p) => p.id === id);
}

const cityCaches = new WeakMap<IssuerClient, Map<string, StaleCache<City[]>>>();

/**
 * A country's cities, for suggestions: fresh for an hour, then served stale (up to a day) while it refreshes.
 * Keyed by country code, which callers check first, so the map holds at most one entry per country.
 */
export function getCities(country: string, client: IssuerClient = getIssuer()): Promise<City[]> {
  let byCountry = cityCaches.get(client);
  if (!byCountry) cityCaches.set(client, (byCountry = new Map()));
  let cache = byCountry.get(country);
  if (!cache) {
    cache = staleWhileRevalidate(() => listCities(client, country), { ttlMs: 3_600_000, maxStaleMs: 86_400_000 });
    byCountry.set(country, cache);
  }
  return cache.get();
}
