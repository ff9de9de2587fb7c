import "server-only";
import { MAX_UPLOAD_BYTES } from "@/lib/sandbox/config";
import type { SandboxRoute } from "@/lib/sandbox/context";
import { issueToken } from "@/lib/sandbox/handlers/auth";
import { createCard } from "@/lib/sandbox/handlers/cards";
import { createCardholderV1, createCardholderV2 } from "@/lib/sandbox/handlers/cardholders-create";
import { getCardholderV1, getCardholderV2, listCardholdersV1 } from "@/lib/sandbox/handlers/cardholders-read";
import { updateCardholderV1 } from "@/lib/sandbox/handlers/cardholders-update";
import { getBalance, listCities, listProducts } from "@/lib/sandbox/handlers/reference-data";
import { downloadFile, uploadFile } from "@/lib/sandbox/handlers/files";
import { issueKycLink } from "@/lib/sandbox/handlers/kyc-link";
import { simulateAuthorization, simulateFaults, simulateKyc, simulateStatus } from "@/lib/sandbox/handlers/simulate";
import { forgetCard, forgetCardholder } from "@/lib/sandbox/handlers/simulate-forget";
import { listWebhookDeliveries } from "@/lib/sandbox/handlers/simulate-webhooks";
import { validateCardholder } from "@/lib/sandbox/handlers/validate";

const read = (path: string, handle: SandboxRoute["handle"]): SandboxRoute => ({
  method: "GET",
  path,
  auth: true,
  idempotent: false,
  handle,
});
const write = (method: "POST" | "PUT", path: string, handle: SandboxRoute["handle"], bodyLimit?: number): SandboxRoute => ({
  method,
  path,
  auth: true,
  idempotent: true,
  handle,
  bodyLimit,
});

/** The spec's 15 endpoints, numbered as in its table. */
export const OPEN_API_ROUTES: SandboxRoute[] = [
  // The token call has no Bearer token and is not a resource write: each call issues a fresh token.
  { method: "POST", path: "/api/open/v1/auth/token", auth: false, idempotent: false, handle: issueToken }, // 1
  read("/api/open/v1/account/issuing/balance", getBalance), // 2
  read("/api/open/v1/issuing/products", listProducts), // 3
  read("/api/open/v1/common/cities", listCities), // 4
  // Multipart adds headers and a boundary around the file: allow for them; the file itself is checked at 10 MiB.
  write("POST", "/api/open/v1/common/files/upload", uploadFile, MAX_UPLOAD_BYTES + 64 * 1024), // 5
  read("/api/open/v1/common/files/{id}", downloadFile), // 6
  write("POST", "/api/open/v2/issuing/cardholders/validate", validateCardholder), // 7
  write("POST", "/api/open/v2/issuing/cardholders", createCardholderV2), // 8
  read("/api/open/v2/issuing/cardholders/{id}", getCardholderV2), // 9
  write("POST", "/api/open/v1/issuing/cardholders/{id}/kycLink", issueKycLink), // 10
  write("POST", "/api/open/v2/issuing/cards", createCard), // 11
  write("POST", "/api/open/v1/issuing/cardholders", createCardholderV1), // 12
  write("PUT", "/api/open/v1/issuing/cardholders", updateCardholderV1), // 13
  read("/api/open/v1/issuing/cardholders", listCardholdersV1), // 14
  read("/api/open/v1/issuing/cardholders/{id}", getCardholderV1), // 15
];

/** docs/contract.md's test helpers: Bearer token required, no faults, no X-Request-Id needed, not idempotent. */
export const SIMULATE_ROUTES: SandboxRoute[] = [
  { method: "POST", path: "/simulate/cardholders/{id}/kyc", auth: true, idempotent: false, handle: simulateKyc },
  { method: "POST", path: "/simulate/cardholders/{id}/status", auth: true, idempotent: false, handle: simulateStatus },
  { method: "POST", path: "/simulate/cards/{id}/authorizations", auth: true, idempotent: false, handle: simulateAuthorization },
  { method: "POST", path: "/simulate/cardholders/{id}/forget", auth: true, idempotent: false, handle: forgetCardholder },
  { method: "POST", path: "/simulate/cards/{id}/forget", auth: true, idempotent: false, handle: forgetCard },
  { method: "PUT", path: "/simulate/faults", auth: true, idempotent: false, handle: simulateFaults },
  { method: "GET", path: "/simulate/webhooks", auth: true, idempotent: false, handle: listWebhookDeliveries },
];
