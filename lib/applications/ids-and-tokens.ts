import "server-only";
import { createHash, randomBytes } from "node:crypto";

// Application ids and secret tokens (resume links, browser bindings): 128 and 256 random bits, base64url. Only a
// token's hash is stored, so a copy of the database opens nothing.

export const newApplicationId = () => `app_${randomBytes(16).toString("base64url")}`;
export const newSecretToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
