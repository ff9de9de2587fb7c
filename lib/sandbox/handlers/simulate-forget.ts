import "server-only";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { deleteCardholder } from "@/lib/sandbox/store/cardholders";
import { deleteCard } from "@/lib/sandbox/store/cards";

// Test helpers that make the issuer lose a record the portal still holds (reconciliation's "missing upstream"):
// afterwards the Open API answers 404 for it, as a real issuer would for a record removed on its side.

// POST /sandbox/simulate/cardholders/{id}/forget - removes the cardholder with its cards and KYC links. No webhook.
export const forgetCardholder: SandboxHandler = async (ctx) => {
  const id = ctx.params.id ?? "";
  if (!(await deleteCardholder(ctx.db, id))) throw new SandboxError("CARDHOLDER_NOT_FOUND", `No cardholder ${id}.`);
  return success({ id, forgotten: true });
};

// POST /sandbox/simulate/cards/{id}/forget - removes one card. No webhook.
export const forgetCard: SandboxHandler = async (ctx) => {
  const id = ctx.params.id ?? "";
  if (!(await deleteCard(ctx.db, id))) throw new SandboxError("CARD_NOT_FOUND", `No card ${id}.`);
  return success({ id, forgotten: true });
};
