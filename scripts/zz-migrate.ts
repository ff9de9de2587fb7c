import { getDatabase } from "@/lib/db";
async function main() {
  const t = Date.now();
  const h = await getDatabase();
  console.log(`migrated in ${Date.now() - t} ms`);
  await h.close();
}
void main();
