import { z } from "zod";
import { ISSUER_CODES, IssuerError } from "@/lib/issuer/errors";

const failureSchema = z.object({
  success: z.literal(false),
  code: z.string().min(1),
  message: z.string().default(""),
  fields: z.record(z.string(), z.string()).optional(),
});
const successSchema = z.object({ success: z.literal(true), data: z.unknown() });

/** Reads the spec's envelope: `data` checked against `schema` on success, an IssuerError otherwise. */
export function parseEnvelope<T>(status: number, body: unknown, schema: z.ZodType<T>, requestId: string): T {
  const ok = successSchema.safeParse(body);
  if (ok.success && status >= 200 && status < 300) {
    const data = schema.safeParse(ok.data.data);
    if (data.success) return data.data;
    const where = data.error.issues[0]?.path.join(".") ?? "";
    throw new IssuerError(ISSUER_CODES.badEnvelope, `The issuer answered an unexpected shape (at "${where}").`, status, requestId);
  }
  const failed = failureSchema.safeParse(body);
  if (failed.success) throw new IssuerError(failed.data.code, failed.data.message, status, requestId, failed.data.fields);
  throw new IssuerError(ISSUER_CODES.badEnvelope, `The issuer answered HTTP ${status} without its envelope.`, status, requestId);
}
