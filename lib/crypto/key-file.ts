import "server-only";
import { createHash } from "node:crypto";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { KeyStore, WrappedKey } from "@/lib/crypto/key-store";

// The data keys of a PGlite deployment, in DATA_DIR/keys beside the database rather than in it: PGlite keeps
// what it wrote in its WAL and in dead tuples, where a deleted key would stay readable; a file slot can be
// overwritten. Fixed-size slots, appended and fsynced before a key is used, overwritten with zeros (and fsynced)
// when it is destroyed. Read once when opened, then indexed in memory: one process per data folder, as PGlite.

export const SLOT_BYTES = 192;
const HEADER = "cardholder-portal data keys v1";
const LIVE = 0x4b; // "K": [1, 44) owner hash, [44, 52) key id, [52, 191) the wrapped key padded with spaces
const DESTROYED = 0x58; // "X": the owner hash, then zeros: the owner never gets a key again
const ID_AT = 44;
const WRAPPED_AT = 52;
const END = SLOT_BYTES - 1;

/** Owners are kept as their SHA-256: the file names no application, cardholder or card. */
const ownerHash = (owner: string) => createHash("sha256").update(owner).digest("base64url");

function slot(state: number, owner: string, key?: WrappedKey): Buffer {
  const bytes = Buffer.alloc(SLOT_BYTES, 0);
  bytes[0] = state;
  bytes.write(owner, 1, "latin1");
  if (key) {
    if (key.id.length !== 8 || key.wrapped.length > END - WRAPPED_AT) throw new Error("a wrapped data key does not fit its slot");
    bytes.fill(0x20, WRAPPED_AT, END);
    bytes.write(key.id, ID_AT, "latin1");
    bytes.write(key.wrapped, WRAPPED_AT, "latin1");
  }
  bytes[END] = 0x0a;
  return bytes;
}

async function syncFolder(folder: string) {
  const handle = await open(folder, "r");
  await handle.sync().finally(() => handle.close());
}

export class KeyFile implements KeyStore {
  readonly kind = "file";
  private handle?: FileHandle;
  private opening?: Promise<FileHandle>;
  private count = 1;
  private live = new Map<string, { index: number; key: WrappedKey }>();
  private byId = new Map<string, Set<string>>();
  private destroyed = new Set<string>();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  private ready(): Promise<FileHandle> {
    this.opening ??= this.load().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async load(): Promise<FileHandle> {
    const folder = path.dirname(this.file);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const created = await open(this.file, "wx", 0o600).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") return undefined;
      throw error;
    });
    if (created) {
      const header = Buffer.alloc(SLOT_BYTES, 0x20);
      header.write(HEADER, 0, "latin1");
      header[END] = 0x0a;
      await created.write(header, 0, SLOT_BYTES, 0);
      await created.sync();
      await created.close();
      await syncFolder(folder);
    }
    const handle = await open(this.file, "r+");
    const bytes = await handle.readFile();
    if (bytes.subarray(0, HEADER.length).toString("latin1") !== HEADER) {
      await handle.close();
      throw new Error(`${this.file} is not a data key file`);
    }
    const whole = Math.floor(bytes.length / SLOT_BYTES);
    // A torn last slot is an append a crash cut short: fsync had not returned, so its key was never used.
    if (whole * SLOT_BYTES !== bytes.length) {
      await handle.truncate(whole * SLOT_BYTES);
      await handle.sync();
    }
    for (let index = 1; index < whole; index++) this.index(index, bytes.subarray(index * SLOT_BYTES, (index + 1) * SLOT_BYTES));
    this.count = whole;
    this.handle = handle;
    return handle;
  }

  private index(index: number, bytes: Buffer) {
    const owner = bytes.toString("latin1", 1, ID_AT);
    if (bytes[0] === DESTROYED) return this.forget(owner);
    const id = bytes.toString("latin1", ID_AT, WRAPPED_AT);
    const wrapped = bytes.toString("latin1", WRAPPED_AT, END).trimEnd();
    // Anything else (zeros a crash left) is skipped: no key was used before its slot was complete on disk.
    if (bytes[0] === LIVE && /^[A-Za-z0-9_-]{8}$/.test(id) && wrapped.startsWith("v2.") && !this.destroyed.has(owner))
      this.remember(owner, { index, key: { id, wrapped } });
  }

  private remember(owner: string, entry: { index: number; key: WrappedKey }) {
    this.live.set(owner, entry);
    const owners = this.byId.get(entry.key.id) ?? new Set<string>();
    this.byId.set(entry.key.id, owners.add(owner));
  }

  private forget(owner: string) {
    const entry = this.live.get(owner);
    if (entry) this.byId.get(entry.key.id)?.delete(owner);
    this.live.delete(owner);
    this.destroyed.add(owner);
  }

  /** Writes go one at a time: the slot count and the index stay in step with the file. */
  private exclusive<T>(work: (handle: FileHandle) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => work(await this.ready()));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private known(hashes: Map<string, string>) {
    const found = new Map<string, WrappedKey | null>();
    for (const [owner, hash] of hashes) {
      if (this.destroyed.has(hash)) found.set(owner, null);
      else {
        const entry = this.live.get(hash);
        if (entry) found.set(owner, entry.key);
      }
    }
    return found;
  }

  async ofOwners(_db: unknown, owners: string[], create?: () => WrappedKey) {
    await this.ready();
    const hashes = new Map(owners.map((o) => [o, ownerHash(o)]));
    const found = this.known(hashes);
    if (!create || found.size === hashes.size) return found;
    return this.exclusive(async (handle) => {
      const now = this.known(hashes);
      const fresh = [...hashes].filter(([owner]) => !now.has(owner)).map(([owner, hash]) => ({ owner, hash, key: create() }));
      if (fresh.length === 0) return now;
      const at = this.count;
      await handle.write(Buffer.concat(fresh.map((f) => slot(LIVE, f.hash, f.key))), 0, fresh.length * SLOT_BYTES, at * SLOT_BYTES);
      await handle.sync();
      this.count += fresh.length;
      fresh.forEach((f, i) => {
        this.remember(f.hash, { index: at + i, key: f.key });
        now.set(f.owner, f.key);
      });
      return now;
    });
  }

  async byIds(_db: unknown, ids: string[]) {
    await this.ready();
    const owners = [...new Set(ids)].flatMap((id) => [...(this.byId.get(id) ?? [])]);
    return owners.flatMap((hash) => {
      const entry = this.live.get(hash);
      return entry ? [entry.key] : [];
    });
  }

  async destroy(_db: unknown, owners: string[]) {
    await this.exclusive(async (handle) => {
      for (const hash of new Set(owners.map(ownerHash))) {
        if (this.destroyed.has(hash)) continue;
        // In place over the live slot (its wrapped key zeroed), or appended for an owner that never had a key.
        const index = this.live.get(hash)?.index ?? this.count++;
        await handle.write(slot(DESTROYED, hash), 0, SLOT_BYTES, index * SLOT_BYTES);
        this.forget(hash);
      }
      await handle.sync();
    });
  }

  async rewrap(_db: unknown, currentPrefix: string, rewrap: (wrapped: string) => string | undefined, limit: number) {
    return this.exclusive(async (handle) => {
      let changed = 0;
      for (const [hash, entry] of this.live) {
        if (changed >= limit) break;
        const after = entry.key.wrapped.startsWith(currentPrefix) ? undefined : rewrap(entry.key.wrapped);
        if (!after) continue;
        const key = { id: entry.key.id, wrapped: after };
        await handle.write(slot(LIVE, hash, key), 0, SLOT_BYTES, entry.index * SLOT_BYTES);
        entry.key = key;
        changed++;
      }
      if (changed > 0) await handle.sync();
      return changed;
    });
  }

  /** Tests: let go of the file (a new KeyFile reads it again, as a restart would). */
  async close() {
    await this.tail;
    await this.handle?.close();
    this.handle = undefined;
    this.opening = undefined;
  }
}

const holder = globalThis as typeof globalThis & { __keyFiles?: Map<string, KeyFile> };

/** The process's one KeyFile per path (route bundles and background loops share it, as they share PGlite). */
export function keyFileAt(file: string): KeyFile {
  const files = (holder.__keyFiles ??= new Map());
  let keyFile = files.get(file);
  if (!keyFile) files.set(file, (keyFile = new KeyFile(file)));
  return keyFile;
}
