import { defineConfig } from "drizzle-kit";

// The embedded issuer sandbox's tables, applied only in sandbox mode (lib/sandbox/migrations.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/sandbox/schema.ts",
  out: "./lib/sandbox/migrations",
});
