import { mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ownerKeyring, ownerKeyrings, readingKeyring, rewrapDataKeys } from "@/lib/crypto/data-keys";
import { KeyFile, SLOT_BYTES } from "@/lib/crypto/key-file";
import { keyDestroyed, keyringOf, open, seal, type Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";

// The key file of PGlite deployments: keys appended and on disk before use, destroyed by overwriting their slot,
// a torn append after a crash, a rotation of DATA_ENCRYPTION_KEY. The file is read back as a restart would.

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function fresh() {
  const dir = await mkdtemp(path.join(tmpdir(), "portal-keys-"));
  dirs.push(dir);
  return path.join(dir, "keys");
}

// The file store never touches the database.
const db = undefined as unknown as Database;
const ringWith = (store: KeyFile, ...secrets: [string, ...string[]]): Keyring => ({ ...keyringOf(...secrets), store });
const KEY = "the data encryption key of the portal";

describe("KeyFile", () => {
  it("writes new keys before answering and finds them again after a restart", async () => {
    const file = await fresh();
    const store = new KeyFile(file);
    const rings = await ownerKeyrings(ringWith(store, KEY), db, ["app_a", "cardholder:ch_1"]);
    const sealed = seal("Zwaardvis", rings.get("app_a")!);
    expect(sealed.startsWith("v3.")).toBe(true);
    expect((await stat(file)).size).toBe(3 * SLOT_BYTES);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await store.close();

    const again = ringWith(new KeyFile(file), KEY);
    expect(open(sealed, (await ownerKeyring(again, db, "app_a"))!)).toBe("Zwaardvis");
    expect(open(sealed, await readingKeyring(again, db, [sealed]))).toBe("Zwaardvis");
    // Names of owners are not in the file, only their hashes.
    expect((await readFile(file)).toString("latin1")).not.toMatch(/app_a|ch_1/);
  });

  it("destroying a key overwrites its slot in place: its bytes are gone and the owner never gets a key again", async () => {
    const file = await fresh();
    const store = new KeyFile(file);
    const ring = ringWith(store, KEY);
    await ownerKeyrings(ring, db, ["app_keep", "app_gone"]);
    const before = await readFile(file);
    const gone = (await store.ofOwners(db, ["app_gone"])).get("app_gone")!;
    expect(before.includes(Buffer.from(gone.wrapped))).toBe(true);
    const sealed = seal("1979-03-14", (await ownerKeyring(ring, db, "app_gone"))!);

    await store.destroy(db, ["app_gone", "cardholder:never_had_one"]);
    const after = await readFile(file);
    expect(after.includes(Buffer.from(gone.wrapped))).toBe(false);
    expect(after.includes(Buffer.from(gone.id))).toBe(false);
    // The destroyed slot in place; one more for the owner that had none.
    expect(after.length).toBe(before.length + SLOT_BYTES);
    expect(await ownerKeyring(ring, db, "app_gone")).toBeNull();
    expect(await ownerKeyring(ring, db, "cardholder:never_had_one")).toBeNull();
    expect(keyDestroyed(sealed, await readingKeyring(ring, db, [sealed]))).toBe(true);
    await store.close();

    const restarted = ringWith(new KeyFile(file), KEY);
    expect(await ownerKeyring(restarted, db, "app_gone")).toBeNull();
    expect(await ownerKeyring(restarted, db, "app_keep")).not.toBeNull();
    const reading = await readingKeyring(restarted, db, [sealed]);
    expect(() => open(sealed, reading)).toThrow();
  });

  it("a crash between append and use: a torn last slot is dropped, a complete one is kept", async () => {
    const file = await fresh();
    const store = new KeyFile(file);
    const ring = ringWith(store, KEY);
    const kept = seal("kept", (await ownerKeyring(ring, db, "app_complete"))!);
    await ownerKeyring(ring, db, "app_torn");
    await store.close();
    // The process died while writing app_torn's slot: only part of it reached the disk.
    await truncate(file, 3 * SLOT_BYTES - 40);

    const restarted = new KeyFile(file);
    const again = ringWith(restarted, KEY);
    expect(open(kept, (await ownerKeyring(again, db, "app_complete"))!)).toBe("kept");
    expect((await restarted.ofOwners(db, ["app_torn"])).has("app_torn")).toBe(false);
    // A new key goes where the torn slot was: the file stays a whole number of slots.
    expect(await ownerKeyring(again, db, "app_torn")).not.toBeNull();
    expect((await stat(file)).size).toBe(3 * SLOT_BYTES);
    await restarted.close();
    const third = new KeyFile(file);
    expect((await third.ofOwners(db, ["app_torn", "app_complete"])).size).toBe(2);
  });

  it("after a DATA_ENCRYPTION_KEY rotation, re-wraps every key in place; the old key is then not needed", async () => {
    const file = await fresh();
    const store = new KeyFile(file);
    const old = ringWith(store, "the key before the rotation, long enough");
    const sealed = seal("Zwaardvis", (await ownerKeyring(old, db, "app_rotated"))!);
    await ownerKeyrings(old, db, ["cardholder:a", "card:b"]);
    const size = (await stat(file)).size;

    const rotated = ringWith(store, "the key after the rotation, long enough!", "the key before the rotation, long enough");
    expect(await rewrapDataKeys(rotated, db, 100)).toBe(3);
    expect(await rewrapDataKeys(rotated, db, 100)).toBe(0);
    expect((await stat(file)).size).toBe(size);
    await store.close();

    const newOnly = ringWith(new KeyFile(file), "the key after the rotation, long enough!");
    expect(open(sealed, (await ownerKeyring(newOnly, db, "app_rotated"))!)).toBe("Zwaardvis");
  });

  it("refuses a file that is not a key file", async () => {
    const file = await fresh();
    await writeFile(file, "something else entirely");
    await expect(new KeyFile(file).ofOwners(db, ["app_x"])).rejects.toThrow(/not a data key file/);
  });
});
