import "server-only";
import type { SandboxContext, SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { advanceCardholder } from "@/lib/sandbox/lifecycle";
import type { SandboxCardholder } from "@/lib/sandbox/schema";
import { findCardholder, listCardholders } from "@/lib/sandbox/store/cardholders";
import { loadWireCardholder } from "@/lib/sandbox/handlers/cardholder-view";
import { lifecycleDeps } from "@/lib/sandbox/handlers/support";

/** Loads a cardholder after applying whatever the simulation clock has made due (so reads never lag the worker). */
export async function currentCardholder(ctx: SandboxContext, id: string | undefined): Promise<SandboxCardholder> {
  if (!id) throw new SandboxError("CARDHOLDER_NOT_FOUND", "No cardholder with this id.");
  await advanceCardholder(lifecycleDeps(ctx), id);
  const row = await findCardholder(ctx.db, id);
  if (!row) throw new SandboxError("CARDHOLDER_NOT_FOUND", `No cardholder ${id}.`);
  return row;
}

// GET /api/open/v2/issuing/cardholders/{id} - detail with status, kyc_status and the KYC url while valid.
export const getCardholderV2: SandboxHandler = async (ctx) => {
  const row = await currentCardholder(ctx, ctx.params.id);
  return success(await loadWireCardholder(ctx.db, row, ctx.now, ctx.config.appUrl, true));
};

// GET /api/open/v1/issuing/cardholders/{id} - the same record without the KYC link (v1 predates it).
export const getCardholderV1: SandboxHandler = async (ctx) => {
  const row = await currentCardholder(ctx, ctx.params.id);
  return success(await loadWireCardholder(ctx.db, row, ctx.now, ctx.config.appUrl, false));
};

function positiveInt(raw: string | null, fallback: number, max: number, name: string): number {
  if (raw === null || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new SandboxError("VALIDATION_ERROR", `${name} must be a whole number from 1 to ${max}.`, { [name]: `must be 1 to ${max}` });
  }
  return n;
}

// GET /api/open/v1/issuing/cardholders?page=1&page_size=20&email=... - newest first.
// Choice (paging not shown): page from 1, page_size 1..100 (default 20); data { items, page, page_size, total }.
export const listCardholdersV1: SandboxHandler = async (ctx) => {
  const page = positiveInt(ctx.query.get("page"), 1, 1_000_000, "page");
  const pageSize = positiveInt(ctx.query.get("page_size"), 20, 100, "page_size");
  const email = ctx.query.get("email")?.trim() || undefined;
  const { rows, total } = await listCardholders(ctx.db, { offset: (page - 1) * pageSize, limit: pageSize, email });
  const items = await Promise.all(rows.map((r) => loadWireCardholder(ctx.db, r, ctx.now, ctx.config.appUrl, false)));
  return success({ items, page, page_size: pageSize, total });
};
