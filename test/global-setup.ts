// Runs once before the Vitest suite: says plainly when the Postgres half of the integration tests is skipped.
export default function setup() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      "\n[integration] Postgres tests skipped: TEST_DATABASE_URL is not set. " +
        "Set it to a postgres:// URL of a role that may CREATE DATABASE (.ci/run does) to run them.\n",
    );
  } else {
    console.log(`\n[integration] Postgres tests run against ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, "//***@")}\n`);
  }
}
