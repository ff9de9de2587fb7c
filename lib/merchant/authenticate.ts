import "server-only";
import { merchantKeyByHash, touchMerchantKey } from "@/lib/db/merchant-keys";
import type { MerchantApiKey, MerchantScope } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { bearerKey, keyHash } from "@/lib/merchant/keys";
import { hit } from "@/lib/security/rate-limit";

// The merchant API's gate (docs/merchant-api.md): the key, its scope, then its own rate limit, in that order.

export const unauthorized = () => new PortalError("UNAUTHORIZED", "Send a merchant API key that is in use: Authorization: Bearer <key>.");

/** The key of this request, allowed `scope` and within its limit; throws 401, 403 or 429 as the portal API does. */
export async function authenticateMerchant(db: Database, headers: Headers, scope: MerchantScope, now: Date): Promise<MerchantApiKey> {
  const presented = bearerKey(headers.get("authorization"));
  const key = presented ? await merchantKeyByHash(db, keyHash(presented)) : undefined;
  // Unknown and revoked keys get the same answer: the caller learns nothing about which keys exist.
  if (!key || key.revokedAt) throw unauthorized();
  if (!key.scopes.includes(scope)) throw new PortalError("FORBIDDEN", `This key does not have the scope ${scope}.`);
  const limit = { name: "merchant-key", max: key.ratePerMinute, windowMs: 60_000 };
  const counted = await hit(db, limit, key.id, now);
  if (!counted.ok)
    throw new PortalError("RATE_LIMITED", `This key may make ${key.ratePerMinute} calls a minute.`, undefined, counted.retryAfterSeconds);
  await touchMerchantKey(db, key.id, now);
  return key;
}
