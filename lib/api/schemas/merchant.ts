import { z } from "zod";
import { APPLICATION_STATES } from "@/lib/db/schema/applications";

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
