import "server-only";
import { getEnv } from "@/lib/env";

export type SandboxConfig = {
  enabled: boolean;
  apiKey: string;
  apiSecret: string;
  webhookSecret: string;
  webhookUrl: string;
  approvalDelayMs: number;
  productsFile: string | undefined;
  /** Origin of the hosted KYC page links. */
  appUrl: string;
};

export function getSandboxConfig(): SandboxConfig {
  const env = getEnv();
  return {
    enabled: env.mode === "sandbox",
    apiKey: env.issuer.apiKey,
    apiSecret: env.issuer.apiSecret,
    webhookSecret: env.webhook.secret,
    webhookUrl: env.sandbox.webhookUrl,
    approvalDelayMs: env.sandbox.approvalDelayMs,
    productsFile: env.sandbox.productsFile,
    appUrl: env.appUrl,
  };
}

/** Tokens live this long (the spec's sample value). */
export const TOKEN_TTL_SECONDS = 7200;
/** Hosted KYC links expire after this long; a new kycLink call issues a fresh one. */
export const KYC_LINK_TTL_MS = 30 * 60 * 1000;
/** The spec's upload limit: at most 10 MB (10 * 1024 * 1024 bytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** JSON bodies of the Open API are small; anything above this is refused before parsing. */
export const MAX_JSON_BYTES = 1024 * 1024;
