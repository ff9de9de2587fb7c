import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { errorSchema } from "@/lib/api/schemas/common";
import { operation } from "@/lib/openapi/operation";
import { envelopeSchema, webhookReceipt } from "@/lib/webhooks/envelope";

// The issuer's webhook receiver (lib/webhooks/receive.ts: not wrapped by apiRoute, so its answers are listed here) and
// this document itself.

const refusal = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });

export const operationsPaths: ZodOpenApiPathsObject = {
  "/api/openapi.json": {
    get: operation("get", {
      summary: "This document: the portal API as OpenAPI 3.1",
      description: "Its readable form is the page /docs/api.",
      tag: "Operations",
      access: "public",
      answer: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document." }),
    }),
  },
  "/api/webhooks/issuer": {
    post: {
      summary: "Receive a signed issuer event (stored, then applied later)",
      tags: ["Operations"],
      security: [],
      requestParams: {
        header: z.object({
          "x-wk-signature": z.string().meta({ description: "Base64 HMAC-SHA256 of the raw body with the webhook secret." }),
        }),
      },
      requestBody: { required: true, content: { "application/json": { schema: envelopeSchema } } },
      responses: {
        "200": { description: "Stored, or a duplicate of a stored event.", content: { "application/json": { schema: webhookReceipt } } },
        "400": refusal("BAD_REQUEST: not a JSON webhook envelope."),
        "401": refusal("INVALID_SIGNATURE: a missing or wrong x-wk-signature."),
        "413": refusal("PAYLOAD_TOO_LARGE: over 1 MiB."),
        "421": refusal("MISDIRECTED_REQUEST: the Host is not the portal's own."),
        "429": refusal("RATE_LIMITED: too many bad signatures from one address, with Retry-After."),
        "503": refusal("DATABASE_UNAVAILABLE: not stored; deliver it again."),
      },
    },
  },
};
