import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";
import type { IssuerCardholder, KycLink, ValidationIssue, ValidationResult } from "@/lib/issuer/types";

const idOnly = z.object({ id: z.string().min(1) });

// Only the fields the spec names are relied on; the rest of the detail is "not shown" and passed over.
const wireCardholder = z
  .object({
    id: z.string(),
    status: z.enum(["PENDING", "SUCCESS", "FAILED"]),
    kyc_status: z.enum(["NOT_STARTED", "PENDING", "VERIFIED", "REJECTED"]),
    kyc_verification: z.object({ url: z.string().optional(), expires_at: z.string().optional() }).passthrough().nullish(),
    cards: z.array(z.object({ id: z.string(), status: z.string(), card_number: z.string().optional() }).passthrough()).optional(),
  })
  .passthrough();

const toCardholder = (c: z.infer<typeof wireCardholder>): IssuerCardholder => ({
  id: c.id,
  status: c.status,
  kycStatus: c.kyc_status,
  kycUrl: c.kyc_verification?.url,
  kycExpiresAt: c.kyc_verification?.expires_at,
  cards: (c.cards ?? []).map((card) => ({ id: card.id, status: card.status, maskedNumber: card.card_number })),
});

const wireIssue = z
  .object({
    type: z.enum(["MISSING_FIELDS", "COUNTRY_RESTRICTION"]),
    card_product_id: z.string().optional(),
    missing_fields: z.array(z.string()).optional(),
    field: z.string().optional(),
    value: z.string().optional(),
    message: z.string().optional(),
  })
  .passthrough();
const wireValidation = z
  .object({ valid: z.boolean(), issues: z.array(wireIssue), missing_fields: z.array(z.string()).default([]) })
  .passthrough();

const toIssue = (i: z.infer<typeof wireIssue>): ValidationIssue =>
  i.type === "MISSING_FIELDS"
    ? { type: i.type, productId: i.card_product_id, missingFields: i.missing_fields ?? [], message: i.message ?? "" }
    : { type: i.type, productId: i.card_product_id, field: i.field, value: i.value, message: i.message ?? "" };

// POST /api/open/v2/issuing/cardholders/validate (7)
export async function validateCardholder(client: IssuerClient, draft: Record<string, unknown>): Promise<ValidationResult> {
  const data = await client.call({
    method: "POST",
    path: "/api/open/v2/issuing/cardholders/validate",
    json: draft,
    schema: wireValidation,
  });
  return { valid: data.valid, issues: data.issues.map(toIssue), missingFields: data.missing_fields };
}

// POST /api/open/v2/issuing/cardholders (8) - `requestId` must be stored by the caller before the call.
export async function createCardholder(client: IssuerClient, body: Record<string, unknown>, requestId: string): Promise<string> {
  return (await client.call({ method: "POST", path: "/api/open/v2/issuing/cardholders", json: body, requestId, schema: idOnly })).id;
}

// GET /api/open/v2/issuing/cardholders/{id} (9)
export async function getCardholder(client: IssuerClient, id: string): Promise<IssuerCardholder> {
  return toCardholder(
    await client.call({ method: "GET", path: `/api/open/v2/issuing/cardholders/${encodeURIComponent(id)}`, schema: wireCardholder }),
  );
}

// POST /api/open/v1/issuing/cardholders/{id}/kycLink (10)
export async function getKycLink(client: IssuerClient, id: string, requestId?: string): Promise<KycLink> {
  const data = await client.call({
    method: "POST",
    path: `/api/open/v1/issuing/cardholders/${encodeURIComponent(id)}/kycLink`,
    requestId,
    schema: z.object({ url: z.string().url(), expires_at: z.string(), review_status: z.string().default("") }),
  });
  return { url: data.url, expiresAt: data.expires_at, reviewStatus: data.review_status };
}

// POST /api/open/v1/issuing/cardholders (12) - the basic flow, without KYC.
export async function createCardholderV1(client: IssuerClient, body: Record<string, unknown>, requestId: string): Promise<string> {
  return (await client.call({ method: "POST", path: "/api/open/v1/issuing/cardholders", json: body, requestId, schema: idOnly })).id;
}

// PUT /api/open/v1/issuing/cardholders (13) - update semantics are not shown; answers whatever the upstream returns.
export function updateCardholderV1(client: IssuerClient, body: Record<string, unknown>, requestId?: string): Promise<unknown> {
  return client.call({ method: "PUT", path: "/api/open/v1/issuing/cardholders", json: body, requestId, schema: z.unknown() });
}

// GET /api/open/v1/issuing/cardholders (14) - paging parameters are not shown; passed through as given.
export function listCardholdersV1(client: IssuerClient, query: Record<string, string | number | undefined> = {}): Promise<unknown> {
  return client.call({ method: "GET", path: "/api/open/v1/issuing/cardholders", query, schema: z.unknown() });
}

// GET /api/open/v1/issuing/cardholders/{id} (15)
export async function getCardholderV1(client: IssuerClient, id: string): Promise<IssuerCardholder> {
  return toCardholder(
    await client.call({ method: "GET", path: `/api/open/v1/issuing/cardholders/${encodeURIComponent(id)}`, schema: wireCardholder }),
  );
}
