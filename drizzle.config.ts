import { defineConfig } from "drizzle-kit";

// Migrations are generated from the one schema and applied by the app at start (lib/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/db/schema.ts", "./lib/sandbox/schema.ts"],
  out: "./lib/db/migrations",
});
