import { z } from "zod";
import { APPLICATION_STATES } from "@/lib/db/schema/applications";
import { MERCHANT_SCOPES } from "@/lib/db/schema/merchant";
import { readScopes } from "@/lib/merchant/keys";

// The merchant API's answers and the key administration's (docs/merchant-api.md), declared once: the routes answer by
// them (`answer`) and the OpenAPI document describes them (lib/openapi/merchant-paths.ts).

const instant = z.iso.datetime();

export const merchantAnswers = {
  applications: z.object({
    merchantReference: z.string(),
    applications: z.array(
      z.object({
        id: z.string(),
        reference: z.string(),
        productId: z.string(),
        state: z.enum(APPLICATION_STATES),
        stateSince: instant.nullable(),
        createdAt: instant.nullable(),
        updatedAt: instant.nullable(),
        submittedAt: instant.nullable(),
        erased: z.boolean(),
      }),
    ),
  }),
  invite: z.object({ url: z.url(), expiresAt: instant }),
};

const publicKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  ratePerMinute: z.int(),
  createdByEmail: z.string(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
  revokedAt: instant.nullable(),
});

export const merchantKeyParams = z.object({ id: z.string() });

export const merchantKeyAnswers = {
  created: z.object({ key: z.string(), merchantKey: publicKey }),
  revoked: z.object({ merchantKey: publicKey }),
};

export const DEFAULT_RATE_PER_MINUTE = 60;

/** POST /api/admin/merchant-keys: the route validates with this and the OpenAPI document describes it. */
export const newKeySchema = z.object({
  name: z.string().trim().min(1, "errors.merchant.key_name").max(80, "errors.merchant.key_name"),
  // Space-separated, as OAuth writes scopes: "applications:read invites:write".
  scopes: z
    .string()
    .meta({ description: `Space-separated scopes, at least one of: ${MERCHANT_SCOPES.join(", ")}.` })
    .transform((text, ctx) => readScopes(text) ?? (ctx.addIssue({ code: "custom", message: "errors.merchant.scopes" }), z.NEVER)),
  // The admin page's form sends its box as text, "" for the default.
  ratePerMinute: z
    .preprocess(
      (v) => (v === "" ? DEFAULT_RATE_PER_MINUTE : typeof v === "string" ? Number(v) : v),
      z
        .number({ message: "errors.merchant.rate" })
        .int("errors.merchant.rate")
        .min(1, "errors.merchant.rate")
        .max(6000, "errors.merchant.rate"),
    )
    .default(DEFAULT_RATE_PER_MINUTE)
    .meta({
      override: ({ jsonSchema }) => {
        const described = { default: DEFAULT_RATE_PER_MINUTE, description: "Calls a minute, 1 to 6000 (default 60)." };
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
        Object.assign(jsonSchema, described, {
          anyOf: [
            { type: "integer", minimum: 1, maximum: 6000 },
            { type: "string", description: "The number as a form's text; empty for the default." },
          ],
        });
      },
    }),
});
export type NewMerchantKey = z.output<typeof newKeySchema>;
