import { z } from "zod";
import { DEVICE_KINDS } from "@/lib/applications/device-kind";
import { PORTAL_ERRORS, type PortalErrorCode } from "@/lib/errors";

// Shapes every portal route shares: the one error answer and the empty body. Pure zod, so the routes, the
// OpenAPI document (lib/openapi) and the tests read the same schemas.

/** The portal's codes, and the webhook receiver's refusal of a signature (lib/webhooks/receive.ts). */
const ERROR_CODES = [...(Object.keys(PORTAL_ERRORS) as PortalErrorCode[]), "INVALID_SIGNATURE"] as const;

/** `{"error":{"code","message","fields"?}}` (docs/contract.md); `movedTo` and `upstream` only with their codes. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "Field path to a message catalog key (or a message), one per field that was refused." }),
      movedTo: z
        .object({ device: z.enum(DEVICE_KINDS), since: z.iso.datetime({ offset: true }) })
        .optional()
        .meta({ description: "APPLICATION_MOVED: the kind of device that holds the application now, and since when." }),
      upstream: z
        .object({ code: z.string(), status: z.int(), requestId: z.string() })
        .optional()
        .meta({ description: "An error caused by the card issuer: its code, its HTTP status (0: nothing answered), its X-Request-Id." }),
    }),
  })
  .meta({ id: "Error", description: "The portal's one error shape." });

/** Writes always carry a JSON body, even with nothing to say: `{}`. */
export const emptyBody = z.object({}).strict();

export const okSchema = z.object({ ok: z.literal(true) });

/** The older staff actions take any JSON object and read nothing of it (unknown keys are dropped, not refused). */
export const anyObjectBody = z.object({});
