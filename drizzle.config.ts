import { defineConfig } from "drizzle-kit";

// The portal's tables only; the embedded sandbox keeps its own schema and migrations
// (drizzle.sandbox.config.ts), so a live database never holds sandbox tables.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/*.ts",
  out: "./lib/db/migrations",
});
