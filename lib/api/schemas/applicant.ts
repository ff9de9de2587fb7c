import { z } from "zod";
import { PROGRESS_STAGES } from "@/lib/applications/stages";
import { APPLICATION_STATES } from "@/lib/db/schema/applications";
import { MAX_DOCUMENT_BYTES, UPLOAD_LIMITS } from "@/lib/files/detect";
import { STEP_IDS } from "@/lib/requirements/types";

// The applicant API's requests and answers (app/api/applications, products, cities, health, staff-password). The
// routes validate with these and type their answers by them; lib/openapi describes the API from the same objects.

const KYC_LEVELS = ["Simplified", "Standard", "Enhanced"] as const;
const instant = z.iso.datetime({ offset: true });

export const startBody = z.object({ productId: z.string().min(1).max(100), locale: z.enum(["en", "zh-CN"]).optional() });
/** `revision`: the step's revision the page was rendered from; a save from an older view answers 409 DRAFT_CHANGED. */
export const draftBody = z.object({
  step: z.enum(STEP_IDS),
  values: z.record(z.string(), z.unknown()).meta({ description: "The step's answers by field name (nested objects for grouped fields)." }),
  revision: z.string().max(64).optional(),
});
export const stepQuery = z.enum(STEP_IDS);
export const kycLinkBody = z.object({ renew: z.boolean().optional() });
export const resumeBody = z.object({ token: z.string().min(20).max(100) });
export const staffPasswordBody = z.object({ token: z.string().min(20).max(100), password: z.string().max(256) });

export const documentSchema = z
  .object({ field: z.string().nullable(), fileId: z.string(), fileName: z.string(), fileType: z.string(), size: z.int() })
  .meta({ id: "Document" });

/** The application as its holder sees it: answers only while a draft, sensitive ones masked; never a bearer link. */
export const applicationSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    productId: z.string(),
    kycLevel: z.string(),
    needsKyc: z.boolean(),
    state: z.enum(APPLICATION_STATES),
    stage: z.enum(["draft", ...PROGRESS_STAGES, "rejected", "failed"]),
    stoppedAt: z.enum(PROGRESS_STAGES).nullable(),
    final: z.boolean(),
    draft: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The saved answers (identity number, SSN, birth date masked)." }),
    documents: z.array(documentSchema),
    kyc: z.object({ expiresAt: instant, expired: z.boolean() }).nullable(),
    card: z.object({ id: z.string(), status: z.string().nullable() }).nullable(),
    issuerRetrying: z.boolean(),
    failure: z.object({ code: z.string(), messageKey: z.string() }).nullable(),
    timeline: z.array(z.object({ state: z.enum(APPLICATION_STATES), at: instant })),
    updatedAt: instant,
  })
  .meta({ id: "Application" });
export type ApplicationAnswer = z.infer<typeof applicationSchema>;

export const applicationAnswer = z.object({ application: applicationSchema });
export const startAnswer = z.object({ application: applicationSchema, resumeUrl: z.url() });
export const revisionAnswer = z.object({ step: z.enum(STEP_IDS), revision: z.string() });
export const validateAnswer = z.object({ valid: z.boolean(), fields: z.record(z.string(), z.string()) });
export const documentAnswer = z.object({ document: documentSchema });
export const sentToAnswer = z.object({ sentTo: z.string().meta({ description: "The recipient, masked (a•••@example.com)." }) });
export const sentAnswer = z.object({ sent: z.literal(true) });
export const staffPasswordAnswer = z.object({ email: z.string() });

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kycLevel: z.enum(KYC_LEVELS),
    cardScheme: z.string(),
    country: z.string(),
    needsKyc: z.boolean(),
    needsDocument: z.boolean(),
    supportBillingRegion: z.array(z.string()),
    supportNationality: z.array(z.string()),
    sanctionedNationality: z.array(z.string()),
    supportAreaCode: z.array(z.string()),
    minOpenCardAmount: z.number(),
    maxCardsPerCardholder: z.int().nullable(),
  })
  .meta({ id: "Product" });
export const productsAnswer = z.object({ products: z.array(productSchema) });
export const citiesAnswer = z.object({ cities: z.array(z.object({ name: z.string(), state: z.string().optional() })) });

const modes = { mode: z.enum(["sandbox", "live"]), db: z.enum(["pglite", "postgres"]) };
export const healthAnswer = z.union([
  z.object({ ok: z.literal(true), ...modes }),
  z.object({
    ok: z.literal(false),
    ...modes,
    failing: z.literal("db"),
    error: z.object({ code: z.literal("DATABASE_UNAVAILABLE"), message: z.string() }),
  }),
]);

/** The upload routes' limits, as their description says them (lib/http/multipart.ts reads the parts). */
export const UPLOAD_LIMITS_TEXT =
  `At most ${UPLOAD_LIMITS.maxParts} parts and ${UPLOAD_LIMITS.maxBytes} bytes in all (else 400 or 413); text parts are ` +
  "read up to 200 characters.";
export const documentFilePart = z.file().meta({
  description: `The picture or PDF: JPEG, PNG or PDF by its content, at most ${MAX_DOCUMENT_BYTES} bytes (10 MB), not empty.`,
});

/** POST /api/applications/{id}/documents: the text parts, validated by the route with this schema. */
export const documentUploadFields = z.object({
  field: z
    .string({ error: "errors.field.required" })
    .min(1, "errors.field.required")
    .meta({ description: "The answer the document is for, e.g. identity.front_file_id." }),
  documentType: z.string().optional().meta({ description: "The document type chosen on the form, e.g. PASSPORT." }),
});
/** The same parts with the file: the multipart body as the document describes it. */
export const documentUpload = documentUploadFields.extend({ file: documentFilePart }).meta({ description: UPLOAD_LIMITS_TEXT });
export const stepQueryParams = z.object({ step: stepQuery });
export const citiesQuery = z.object({ country: z.string().meta({ description: "An ISO 3166-1 alpha-2 code, e.g. GB." }) });
