import "server-only";
import { hkdfSync } from "node:crypto";
import { z } from "zod";
import { keyIdOf, open, seal, type DataKey, type Keyring } from "@/lib/crypto/secret-box";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { emailSchema } from "@/lib/requirements/limits";
import { merchantReferenceSchema } from "@/lib/merchant/reference";

// An invitation's email travels sealed, never readable in the link: a query string ends up in proxy and server logs,
// browser history and Referer headers. The token is AES-GCM under a key of its own, derived from each data key, so
// a rotation keeps recent invitations opening and nobody can forge or alter one: the merchant's reference it may
// carry is as tamper-proof as the email (GCM authenticates the whole payload).

const INFO = "cardholder-portal:invite:v1";

/** An invitation works for 30 days: long enough for a letter with its QR code, short enough to stop old copies. */
export const INVITE_DAYS = 30;

const payloadSchema = z
  .object({ p: z.string().min(1).max(100), e: emailSchema, x: z.number().int(), r: merchantReferenceSchema.optional() })
  .strict();

const cache = new WeakMap<Keyring, Keyring>();

function derive(key: DataKey): DataKey {
  const derived = Buffer.from(hkdfSync("sha256", key.key, Buffer.alloc(0), Buffer.from(INFO), 32));
  return { id: keyIdOf(derived), key: derived };
}

function inviteRing(keys: Keyring): Keyring {
  let ring = cache.get(keys);
  if (!ring) cache.set(keys, (ring = { current: derive(keys.current), older: keys.older.map(derive) }));
  return ring;
}

export type InviteInput = { productId: string; email: string; merchantReference?: string };

/** When an invitation made at `now` stops working. */
export const inviteExpiry = (now: Date): Date => new Date(now.getTime() + INVITE_DAYS * 86_400_000);

/** The sealed token of an invitation to `productId` for `email` (and the merchant's reference), valid INVITE_DAYS. */
export function sealInvite(keys: Keyring, input: InviteInput, now: Date): string {
  const payload = {
    p: input.productId,
    e: input.email,
    x: inviteExpiry(now).getTime(),
    ...(input.merchantReference ? { r: input.merchantReference } : {}),
  };
  return seal(JSON.stringify(payload), inviteRing(keys));
}

export type OpenedInvite =
  | { state: "valid"; productId: string; email: string; merchantReference?: string }
  | { state: "expired"; productId: string }
  | { state: "invalid" };

/** What an invitation token says: valid, expired (its product still known), or invalid (altered, foreign, malformed). */
export function openInvite(keys: Keyring, token: string, now: Date): OpenedInvite {
  let payload: z.infer<typeof payloadSchema>;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(open(token.slice(0, 1000), inviteRing(keys))));
    if (!parsed.success) return { state: "invalid" };
    payload = parsed.data;
  } catch {
    return { state: "invalid" };
  }
  if (payload.x <= now.getTime()) return { state: "expired", productId: payload.p };
  return { state: "valid", productId: payload.p, email: payload.e, ...(payload.r ? { merchantReference: payload.r } : {}) };
}

/** The home page's reading of `?invite=`, with the portal's keys and clock; undefined when there is none. */
export function inviteOfLink(token: string | string[] | undefined): OpenedInvite | undefined {
  return typeof token === "string" && token ? openInvite(getKeyring(), token, new Date()) : undefined;
}
