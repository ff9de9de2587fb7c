import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { TOKEN_TTL_SECONDS } from "@/lib/sandbox/config";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { deleteExpiredTokens, insertToken } from "@/lib/sandbox/store/tokens";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

// POST /api/open/v1/auth/token - trades the API key and secret for a Bearer token (7200 s).
export const issueToken: SandboxHandler = async (ctx) => {
  const body = ctx.json();
  const fields: Record<string, string> = {};
  if (typeof body.api_key !== "string" || !body.api_key) fields.api_key = "is required";
  if (typeof body.api_secret !== "string" || !body.api_secret) fields.api_secret = "is required";
  if (Object.keys(fields).length > 0) throw new SandboxError("VALIDATION_ERROR", "api_key and api_secret are required.", fields);
  const keyOk = sameSecret(String(body.api_key), ctx.config.apiKey);
  const secretOk = sameSecret(String(body.api_secret), ctx.config.apiSecret);
  if (!keyOk || !secretOk) throw new SandboxError("INVALID_CREDENTIALS", "The API key or secret is wrong.");

  const token = `sbx_${randomBytes(32).toString("base64url")}`;
  await insertToken(ctx.db, token, new Date(ctx.now.getTime() + TOKEN_TTL_SECONDS * 1000));
  await deleteExpiredTokens(ctx.db, ctx.now);
  return success({ access_token: token, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS });
};
