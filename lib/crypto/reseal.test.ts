import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCurrent, keyringOf, open, seal } from "@/lib/crypto/secret-box";
import { resealBatch } from "@/lib/crypto/reseal";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";

// The background sealing, on rows as 0.1 left them and as a key rotation leaves them.

let handle: DbHandle;
beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
afterAll(async () => handle.close());

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query))[0] as T;
const old = keyringOf("the key before the rotation, long enough");
const rotated = keyringOf("the key after the rotation, long enough!", "the key before the rotation, long enough");

async function insertApp(id: string, draft: string, kycUrl: string) {
  await handle.db
    .execute(sql`insert into applications (id, product_id, kyc_level, draft_ciphertext, resume_hash, resume_expires_at, kyc_url)
    values (${id}, 'p', 'Standard', ${draft}, ${id}, now(), ${kycUrl})`);
}

describe("resealBatch", () => {
  it("seals what 0.1 kept in clear: identity links, file names, request bodies, webhook bodies", async () => {
    await insertApp("app_clearclearclearclear00", seal("{}", old), "https://kyc.example/s/abc");
    await handle.db.execute(sql`insert into application_files (file_id, application_id, file_name, file_type, size)
      values ('file_clear', 'app_clearclearclearclear00', 'ada-lovelace-passport.png', 'image/png', 10)`);
    await handle.db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body)
      values ('POST', '/x', 'r-clear', 1, 5, '{"email":"ada@example.com"}'::jsonb)`);
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, body, headers)
      values ('evt_clear', 'cardholder.updated', now(), '{"data":{"first_name":"Ada"}}', '{}'::jsonb)`);

    while ((await resealBatch(handle.db, rotated, 2)) > 0);

    const app = await one<{ kyc_url: string; draft_ciphertext: string }>(
      sql`select kyc_url, draft_ciphertext from applications where id = 'app_clearclearclearclear00'`,
    );
    expect(open(app.kyc_url, rotated)).toBe("https://kyc.example/s/abc");
    expect(isCurrent(app.draft_ciphertext, rotated)).toBe(true);
    const file = await one<{ file_name: string }>(sql`select file_name from application_files where file_id = 'file_clear'`);
    expect(open(file.file_name, rotated)).toBe("ada-lovelace-passport.png");
    const request = await one<{ request_body: unknown; request_body_sealed: string }>(
      sql`select request_body, request_body_sealed from upstream_requests where request_id = 'r-clear'`,
    );
    expect(request.request_body).toBeNull();
    expect(JSON.parse(open(request.request_body_sealed, rotated))).toEqual({ email: "ada@example.com" });
    const event = await one<{ body: string }>(sql`select body from webhook_inbox where event_id = 'evt_clear'`);
    expect(JSON.parse(open(event.body, rotated))).toEqual({ data: { first_name: "Ada" } });
    const dump = JSON.stringify(
      rowsOf(await handle.db.execute(sql`select * from applications, application_files, upstream_requests, webhook_inbox`)),
    );
    expect(dump).not.toMatch(/Ada|ada@example|lovelace|kyc\.example/);
  });

  it("after a rotation everything ends under the new key, and the old key is no longer needed", async () => {
    await insertApp("app_rotaterotaterotate0000", seal('{"ssn":"123456789"}', old), seal("https://kyc.example/s/r", old));
    await resealBatch(handle.db, rotated);
    const app = await one<{ draft_ciphertext: string; kyc_url: string }>(
      sql`select draft_ciphertext, kyc_url from applications where id = 'app_rotaterotaterotate0000'`,
    );
    const newOnly = keyringOf("the key after the rotation, long enough!");
    expect(JSON.parse(open(app.draft_ciphertext, newOnly))).toEqual({ ssn: "123456789" });
    expect(open(app.kyc_url, newOnly)).toBe("https://kyc.example/s/r");
    expect(await resealBatch(handle.db, rotated)).toBe(0);
  });

  it("a value no configured key opens is left as it is and does not stop the others", async () => {
    await insertApp(
      "app_unreadableunreadable00",
      seal("{}", keyringOf("a key nobody has any more, long enough")),
      seal("https://kyc.example/u", old),
    );
    const changed = await resealBatch(handle.db, rotated);
    expect(changed).toBeGreaterThanOrEqual(1);
    const app = await one<{ kyc_url: string }>(sql`select kyc_url from applications where id = 'app_unreadableunreadable00'`);
    expect(isCurrent(app.kyc_url, rotated)).toBe(true);
  });
});
