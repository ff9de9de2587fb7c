import "server-only";
import { randomBytes } from "node:crypto";
import { KYC_LINK_TTL_MS } from "@/lib/sandbox/config";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { kycPageUrl, linkTime } from "@/lib/sandbox/events";
import { success } from "@/lib/sandbox/http";
import { replaceKycLink } from "@/lib/sandbox/store/kyc-links";
import { currentCardholder } from "@/lib/sandbox/handlers/cardholders-read";

const REVIEW_BY_KYC = { NOT_STARTED: "init", PENDING: "pending", VERIFIED: "approved", REJECTED: "rejected" } as const;

// POST /api/open/v1/issuing/cardholders/{id}/kycLink - a fresh hosted-page link, valid 30 minutes;
// earlier links of the cardholder stop working. Only for REDIRECT_LINK cardholders.
export const issueKycLink: SandboxHandler = async (ctx) => {
  const row = await currentCardholder(ctx, ctx.params.id);
  if (row.kycMethod !== "REDIRECT_LINK") {
    throw new SandboxError(
      "KYC_METHOD_NOT_REDIRECT_LINK",
      "KYC links exist only for cardholders created with kyc_verification.method REDIRECT_LINK.",
    );
  }
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(ctx.now.getTime() + KYC_LINK_TTL_MS);
  const reviewStatus = REVIEW_BY_KYC[row.kycStatus];
  // A link for a decided cardholder shows the decision; it cannot change it.
  await replaceKycLink(ctx.db, { token, cardholderId: row.id, reviewStatus, expiresAt, createdAt: ctx.now });
  return success({ url: kycPageUrl(ctx.config.appUrl, token), expires_at: linkTime(expiresAt), review_status: reviewStatus });
};
