// `npm run db:seed -- --applications N`: seeds N applications in varied states into the sandbox's database, for
// the staff area and bench/admin.mjs. The embedded database is one process per folder: stop the portal first.
import { seedApplications } from "@/lib/admin/testing/seed";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { loadProducts } from "@/lib/sandbox/products";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const env = getEnv();
  if (env.mode !== "sandbox")
    throw new Error("db:seed writes made-up applications: it runs in sandbox mode only (PORTAL_MODE=sandbox, the default).");
  const count = Number(arg("applications") ?? 1000);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) throw new Error("--applications takes a whole number from 1 to 2000000.");
  const products = loadProducts(env.sandbox.productsFile)
    .filter((p) => p.status === "ENABLED")
    .map((p) => p.id);
  const handle = await getDatabase();
  const started = Date.now();
  console.log(`[seed] ${count} applications into ${handle.kind === "pglite" ? env.dataDir : "DATABASE_URL"}`);
  await seedApplications(handle.db, {
    count,
    productIds: products,
    now: new Date(),
    keys: getKeyring(),
    onProgress: (done) => done % 10_000 === 0 && console.log(`[seed] ${done}`),
  });
  console.log(`[seed] done: ${count} applications in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
