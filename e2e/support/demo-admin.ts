// The sandbox's demo admin in the e2e suite. The portal generates its password at first start (DATA_DIR/secrets)
// and the code holds none; the harness gives its servers a password of the run instead (ADMIN_PASSWORD, which
// wins): scripts/e2e.mjs makes one per run, for both passes, else playwright.config.ts does.

export const DEMO_ADMIN_EMAIL = "admin@example.com";

export function demoAdminPassword(): string {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error("E2E_ADMIN_PASSWORD is not set: run the suite with `npm run test:e2e` (playwright.config.ts sets it)");
  return password;
}
