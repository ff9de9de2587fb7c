import "server-only";
import { randomBytes } from "node:crypto";
import type { SandboxContext } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import type { LifecycleDeps } from "@/lib/sandbox/lifecycle";
import { loadProducts, type SandboxProduct } from "@/lib/sandbox/products";

/** Ids are a prefix and 24 random hex characters: not guessable, easy to tell apart in logs. */
export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

export function lifecycleDeps(ctx: SandboxContext): LifecycleDeps {
  return { db: ctx.db, now: ctx.now, approvalDelayMs: ctx.config.approvalDelayMs, appUrl: ctx.config.appUrl };
}

export function products(ctx: SandboxContext): SandboxProduct[] {
  return loadProducts(ctx.config.productsFile);
}

/** The product named by card_product_id; unknown → PRODUCT_NOT_FOUND, not ENABLED → PRODUCT_NOT_ENABLED. */
export function requireCatalogProduct(ctx: SandboxContext, id: unknown, field = "card_product_id"): SandboxProduct {
  if (typeof id !== "string" || !id) throw new SandboxError("VALIDATION_ERROR", `${field} is required.`, { [field]: "is required" });
  const product = products(ctx).find((p) => p.id === id);
  if (!product) throw new SandboxError("PRODUCT_NOT_FOUND", `No card product ${id} on this account.`, { [field]: "unknown product" });
  if (product.status !== "ENABLED") {
    throw new SandboxError("PRODUCT_NOT_ENABLED", `Card product ${id} is ${product.status}, not ENABLED.`, {
      [field]: "product not enabled",
    });
  }
  return product;
}

export function optionalString(
  body: Record<string, unknown>,
  key: string,
  max: number,
  errors: Record<string, string>,
): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") errors[key] = "must be a string";
  else if (value.length > max) errors[key] = `must be at most ${max} characters`;
  else return value;
  return undefined;
}

/** Postgres unique violation (both drivers report code 23505; drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined);
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}

/** Decimal string with two places, for amounts on the wire. */
export const money = (n: number) => n.toFixed(2);
