import "server-only";
import { randomBytes } from "node:crypto";
import { dataKeyIdOf, keyIdOf, open, seal, sealedPrefix, type DataKey, type Keyring } from "@/lib/crypto/secret-box";
import type { KeyStore, WrappedKey } from "@/lib/crypto/key-store";
import { tableKeyStore } from "@/lib/crypto/key-table";
import type { Database } from "@/lib/db/types";

// Crypto-shredding. Each application's sealed values (answers, links, file names, notes, the bodies of its upstream
// calls), and what the issuer tells about its cardholder and card (webhook bodies, transaction details), are sealed
// with a random data key of their owner (format v3), itself sealed with DATA_ENCRYPTION_KEY. An erasure destroys
// the keys, so every copy left behind (WAL, dead tuples, a backup) stays sealed for good.

/** Owners of data keys: the application, and the issuer's cardholder and card (events may arrive before either is known). */
export const keyOwners = {
  application: (id: string) => id,
  cardholder: (id: string) => `cardholder:${id}`,
  card: (id: string) => `card:${id}`,
};

/** Every key an application's data may be sealed with: an erasure destroys them all. */
export const ownersOfApplication = (app: { id: string; cardholderId: string | null; cardId: string | null }) => [
  keyOwners.application(app.id),
  ...(app.cardholderId ? [keyOwners.cardholder(app.cardholderId)] : []),
  ...(app.cardId ? [keyOwners.card(app.cardId)] : []),
];

const storeOf = (keys: Keyring | undefined): KeyStore => keys?.store ?? tableKeyStore;

/** The configured keys alone (an owner's ring carries them as its older keys): they wrap, data keys never do. */
function rootOf(keys: Keyring): Keyring {
  const configured = [keys.current, ...keys.older].filter((k) => k.version !== "v3");
  const [current, ...older] = configured;
  if (!current) throw new Error("no configured data encryption key");
  return { current, older, store: keys.store };
}

function newWrappedKey(root: Keyring): WrappedKey {
  const key = randomBytes(32);
  return { id: keyIdOf(key), wrapped: seal(key.toString("base64url"), root) };
}

// Unwrapped keys by their wrapped text (which names the key exactly): a rotation or a destroyed key simply misses.
const unwrapped = new Map<string, DataKey>();
const MAX_CACHED = 10_000;

function unwrap(root: Keyring, stored: WrappedKey): DataKey | undefined {
  const cached = unwrapped.get(stored.wrapped);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(open(stored.wrapped, root), "base64url");
  } catch {
    return undefined;
  }
  if (key.length !== 32 || keyIdOf(key) !== stored.id) return undefined;
  const dataKey: DataKey = { id: stored.id, key, version: "v3" };
  if (unwrapped.size >= MAX_CACHED) unwrapped.delete(unwrapped.keys().next().value as string);
  unwrapped.set(stored.wrapped, dataKey);
  return dataKey;
}

const ringOf = (root: Keyring, key: DataKey): Keyring => ({ current: key, older: [root.current, ...root.older], store: root.store });

/**
 * The rings that seal the owners' data now (their key current, the configured keys to open older values), keys
 * created where missing; null for a destroyed owner (erased): nothing of it may be sealed, or kept, again.
 */
export async function ownerKeyrings(keys: Keyring, db: Database, owners: string[]): Promise<Map<string, Keyring | null>> {
  const root = rootOf(keys);
  const stored = await storeOf(keys).ofOwners(db, owners, () => newWrappedKey(root));
  const rings = new Map<string, Keyring | null>();
  for (const owner of owners) {
    const key = stored.get(owner);
    const dataKey = key ? unwrap(root, key) : undefined;
    if (key && !dataKey) throw new Error("a data key is sealed with a key that is not configured");
    rings.set(owner, dataKey ? ringOf(root, dataKey) : null);
  }
  return rings;
}

export async function ownerKeyring(keys: Keyring, db: Database, owner: string): Promise<Keyring | null> {
  return (await ownerKeyrings(keys, db, [owner])).get(owner) ?? null;
}

/**
 * A ring that opens these values: the configured keys, and the data keys their v3 values name (one lookup for
 * all). A value whose key was destroyed stays unopenable (see keyDestroyed). Never for sealing: it seals with v2.
 */
export async function readingKeyring(keys: Keyring, db: Database, values: Array<string | null | undefined>): Promise<Keyring> {
  const root = rootOf(keys);
  const ids = [...new Set(values.map(dataKeyIdOf).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return root;
  const found = (await storeOf(keys).byIds(db, ids)).map((k) => unwrap(root, k)).filter((k): k is DataKey => k !== undefined);
  return { current: root.current, older: [...root.older, ...found], store: root.store };
}

/**
 * Destroys the owners' data keys (an erasure): whatever they sealed, wherever a copy lies, stays sealed. `keys`
 * names the store (unset: the database's table).
 */
export async function destroyOwnerKeys(keys: Keyring | undefined, db: Database, owners: string[]): Promise<void> {
  if (owners.length) await storeOf(keys).destroy(db, owners);
}

/** After a DATA_ENCRYPTION_KEY rotation: data keys wrapped with an older key are wrapped again with the current one. */
export async function rewrapDataKeys(keys: Keyring, db: Database, limit: number): Promise<number> {
  const root = rootOf(keys);
  return storeOf(keys).rewrap(
    db,
    sealedPrefix(root.current),
    (wrapped) => {
      try {
        return seal(open(wrapped, root), root);
      } catch {
        return undefined;
      }
    },
    limit,
  );
}
