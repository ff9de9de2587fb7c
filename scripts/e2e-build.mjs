// The build the e2e suite runs against: it sees marker values for every secret, and scripts/bundle-secrets.test.ts
// proves none reaches the browser. The reliability suite runs on the same build, so CI builds once.
import { buildIfNeeded } from "./build-if-needed.mjs";

export const SECRET_MARKERS = {
  ISSUER_API_KEY: "e2e-marker-issuer-api-key-7d1c",
  ISSUER_API_SECRET: "e2e-marker-issuer-api-secret-9a4e",
  ISSUER_WEBHOOK_SECRET: "e2e-marker-webhook-secret-2f8b",
  NEXTAUTH_SECRET: "e2e-marker-nextauth-secret-5c3d-0123456789abcdef",
  DATA_ENCRYPTION_KEY: "e2e-marker-data-encryption-key-8e1f-0123456789abcdef",
};

export const buildForTests = () => buildIfNeeded({ profile: ":e2e-secret-markers", env: SECRET_MARKERS });
