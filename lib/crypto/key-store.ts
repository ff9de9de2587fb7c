import type { Database } from "@/lib/db/types";

// Where the data keys of lib/crypto/data-keys.ts are kept, by owner: an application id, `cardholder:<id>` or
// `card:<id>`. Two implementations chosen by the database kind: a key file beside PGlite, where a deletion can
// be physical (lib/crypto/key-file.ts), and a table for PostgreSQL, the one place several instances share
// (lib/crypto/key-table.ts).

/** A data key as stored: its id (the one v3 values name) and the key sealed with DATA_ENCRYPTION_KEY (a v2 value). */
export type WrappedKey = { id: string; wrapped: string };

export type KeyStore = {
  readonly kind: "file" | "table";
  /**
   * The owners' keys: a destroyed owner answers null, an unknown one is absent, or with `create` gets a new key,
   * durable before this answers (nothing is sealed with a key that a crash could lose).
   */
  ofOwners(db: Database, owners: string[], create?: () => WrappedKey): Promise<Map<string, WrappedKey | null>>;
  /** The live keys with these ids (a v3 value names its key by id). */
  byIds(db: Database, ids: string[]): Promise<WrappedKey[]>;
  /** Destroys the owners' keys and remembers the owners as destroyed, so that they never get a key again. */
  destroy(db: Database, owners: string[]): Promise<void>;
  /** Re-wraps up to `limit` keys not wrapped with `currentPrefix` (a DATA_ENCRYPTION_KEY rotation); answers how many. */
  rewrap(db: Database, currentPrefix: string, rewrap: (wrapped: string) => string | undefined, limit: number): Promise<number>;
};
