// A database of the suite's own on the given server (portal_rel_<random>), dropped at the end, so that
// nothing of another run (or of the integration tests' database) is read or touched.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates the database; answers its URL, a pool on it for the checks, and `drop()`. */
export async function createDatabase(serverUrl) {
  const name = `portal_rel_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    throw new Error(`could not create the database ${name} (the user needs CREATEDB): ${error.message}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Named, so that phase 4 (reliability/database-restart.mjs) ends every connection but the checks' own.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 3, application_name: "reliability-checks" });
  pool.on("error", () => undefined);
  return {
    name,
    url: url.toString(),
    pool,
    query: async (text, values) => (await pool.query(text, values)).rows,
    drop: async () => {
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // Any connection an instance left behind (a killed process's) must not keep the database alive.
        await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
        await client.query(`drop database if exists ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}
