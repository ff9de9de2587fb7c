import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { destroyOwnerKeys, ownerKeyring, ownerKeyrings, readingKeyring, rewrapDataKeys } from "@/lib/crypto/data-keys";
import { keyDestroyed, keyringOf, open, seal } from "@/lib/crypto/secret-box";
import { findDataKeys } from "@/lib/db/data-keys";
import { openDatabase } from "@/lib/db/open";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";

// The data_keys table, the key store of PostgreSQL deployments (and of the in-memory databases of tests): the
// same cases on PGlite and, with TEST_DATABASE_URL, on Postgres with two instances at once.

const OLD = "the key before the rotation, long enough";
const NEW = "the key after the rotation, long enough!";

function tableCases(handles: () => DbHandle[]) {
  it("creates an owner's key once: every caller, at once or later, gets the same", async () => {
    const [a, b = a] = handles();
    const keys = keyringOf(OLD);
    const [first, second] = await Promise.all([ownerKeyring(keys, a!.db, "app_same"), ownerKeyring(keys, b!.db, "app_same")]);
    expect(first?.current.id).toBe(second?.current.id);
    const sealed = seal("Zwaardvis", first!);
    expect(sealed.startsWith(`v3.${first!.current.id}.`)).toBe(true);
    expect(open(sealed, await readingKeyring(keys, b!.db, [sealed]))).toBe("Zwaardvis");
    const [row] = await findDataKeys(a!.db, ["app_same"]);
    expect(row?.wrappedKey).toMatch(/^v2\./);
    expect(row?.wrappedKey).not.toContain(first!.current.key.toString("base64url"));
  });

  it("destroys a key: the row keeps no key, the owner never gets one again, its values stay sealed", async () => {
    const [a, b = a] = handles();
    const keys = keyringOf(OLD);
    const rings = await ownerKeyrings(keys, a!.db, ["app_erased", "cardholder:ch_erased"]);
    const sealed = seal("1979-03-14", rings.get("cardholder:ch_erased")!);
    await destroyOwnerKeys(keys, a!.db, ["app_erased", "cardholder:ch_erased", "card:never_had_one"]);
    expect((await findDataKeys(a!.db, ["app_erased", "card:never_had_one"])).map((r) => r.wrappedKey)).toEqual([null, null]);
    expect(await ownerKeyring(keys, b!.db, "cardholder:ch_erased")).toBeNull();
    expect(await ownerKeyring(keys, b!.db, "card:never_had_one")).toBeNull();
    const reading = await readingKeyring(keys, b!.db, [sealed]);
    expect(keyDestroyed(sealed, reading)).toBe(true);
    expect(() => open(sealed, reading)).toThrow();
  });

  it("after a DATA_ENCRYPTION_KEY rotation, re-wraps the keys; the old key is then not needed", async () => {
    const [a, b = a] = handles();
    const sealed = seal("kept", (await ownerKeyring(keyringOf(OLD), a!.db, "app_rotated"))!);
    const rotated = keyringOf(NEW, OLD);
    while ((await rewrapDataKeys(rotated, b!.db, 2)) > 0);
    expect(await rewrapDataKeys(rotated, a!.db, 100)).toBe(0);
    expect(open(sealed, (await ownerKeyring(keyringOf(NEW), a!.db, "app_rotated"))!)).toBe("kept");
  });
}

describe("data keys in a table (PGlite)", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());
  tableCases(() => [handle]);
});

const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("data keys in a table (Postgres, two instances)", () => {
  tableCases(usePostgresInstances({ poolSize: 2 }));
});
