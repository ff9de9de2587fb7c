import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { inviteSchema } from "@/lib/admin/case/actions/rules";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { merchantAnswers, merchantKeyAnswers, merchantKeyParams, newKeySchema } from "@/lib/api/schemas/merchant";
import { operation } from "@/lib/openapi/operation";

// The merchant API (app/api/merchant/v1, a Bearer key) and the admins' key routes (docs/merchant-api.md).

const merchant = { tag: "Merchant API", access: "merchant" } as const;
const keys = { tag: "Staff accounts", access: "staff" } as const;

export const merchantPaths: ZodOpenApiPathsObject = {
  "/api/merchant/v1/applications": {
    get: operation("get", {
      ...merchant,
      summary: "The applications carrying a customer reference, newest first (scope applications:read)",
      description: "States, short references and times only: never an answer of the applicant's. At most 20.",
      query: z.object({ merchant_reference: z.string().meta({ description: "The merchant's customer reference." }) }),
      answer: merchantAnswers.applications,
      errors: { 422: "VALIDATION_ERROR with fields.merchant_reference: missing or not valid." },
    }),
  },
  "/api/merchant/v1/invites": {
    post: operation("post", {
      ...merchant,
      summary: "A sealed invitation link for a customer (scope invites:write)",
      description: "The email and the reference travel sealed in the link; the applicant can change neither.",
      body: inviteSchema,
      answer: merchantAnswers.invite,
    }),
  },
  "/api/admin/merchant-keys": {
    post: operation("post", {
      ...keys,
      summary: "A new merchant API key, answered whole this once (admins)",
      body: newKeySchema,
      answer: merchantKeyAnswers.created,
    }),
  },
  "/api/admin/merchant-keys/{id}/revoke": {
    post: operation("post", {
      ...keys,
      summary: "Stop a merchant API key at once (admins)",
      path: merchantKeyParams,
      body: anyObjectBody,
      answer: merchantKeyAnswers.revoked,
    }),
  },
};
