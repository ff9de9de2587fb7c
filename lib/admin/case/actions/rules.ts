import { z } from "zod";
import { orBlank } from "@/lib/api/schemas/blank";
import { isMerchantKey, merchantReferenceSchema } from "@/lib/merchant/reference";
import type { Application } from "@/lib/db/schema";
import { emailSchema } from "@/lib/requirements/limits";
import { isFinal } from "@/lib/applications/state-machine";

// Which staff actions apply to an application in its current state, in one place: the actions panel shows
// these, and every action checks the same rule on the server before it does anything.

/** In the order the panel shows them: the destructive one last. */
export const STAFF_ACTIONS = ["kyc_link", "resume_link", "retry_card", "reopen", "correct", "third_party", "mark_failed"] as const;
export type StaffActionKey = (typeof STAFF_ACTIONS)[number];

export type ActionFacts = Pick<Application, "state" | "kycMethod" | "kycLevel" | "cardholderId" | "cardId" | "erasedAt">;

const RULES: Record<StaffActionKey, (a: ActionFacts) => boolean> = {
  // The hosted identity check exists only for REDIRECT_LINK cardholders still waiting for it.
  kyc_link: (a) => a.kycMethod === "REDIRECT_LINK" && Boolean(a.cardholderId) && (a.state === "submitted" || a.state === "kyc_pending"),
  // A resume link opens nothing once the application is finished (lib/applications/access.ts).
  resume_link: (a) => !isFinal(a.state),
  // Issuance waiting for a retry, or refused (e.g. fields incomplete, since corrected) for a cardholder that exists.
  retry_card: (a) => a.state === "approved" || a.state === "card_issuing" || (a.state === "failed" && Boolean(a.cardholderId) && !a.cardId),
  mark_failed: (a) => !isFinal(a.state),
  // Only an application that never reached the issuer: reopening one with a cardholder would create a second one.
  reopen: (a) => a.state === "failed" && !a.cardholderId,
  // Contact details and addresses of a cardholder that exists upstream and was not rejected.
  correct: (a) => Boolean(a.cardholderId) && a.state !== "kyc_rejected",
  // The merchant's own identity proof replaces the hosted check of a draft that needs KYC.
  third_party: (a) => a.state === "draft" && a.kycLevel !== "Simplified",
};

// An erased application is final: every action would write personal data back or show it (lib/privacy/erase.ts).
export const allows = (app: ActionFacts, action: StaffActionKey): boolean => !app.erasedAt && RULES[action](app);

export const availableActions = (app: ActionFacts): StaffActionKey[] => STAFF_ACTIONS.filter((a) => allows(app, a));

/** Why a staff member fails an application: required, short, plain text (it shows on the timeline). */
export const failReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, "admin.actions.fail.reasonShort")
    .max(500, "admin.actions.fail.reasonLong")
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "admin.actions.fail.reasonInvalid"),
});

/** The THIRD_PARTY proof's text parts (the spec: reference_id 10 to 128 characters, globally unique). */
export const thirdPartySchema = z.object({
  provider: z.string().trim().min(2, "admin.actions.thirdParty.providerInvalid").max(64, "admin.actions.thirdParty.providerInvalid"),
  referenceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{10,128}$/, "admin.actions.thirdParty.referenceInvalid"),
});

/** An invitation: an ENABLED product, the applicant's email address, and optionally the merchant's customer reference. */
export const inviteSchema = z.object({
  productId: z.string().min(1).max(100),
  email: emailSchema,
  // The staff form sends an empty box as "": no reference (and the document says so: a reference, or "").
  merchantReference: z
    .preprocess((v) => (v === "" ? undefined : v), merchantReferenceSchema.optional())
    .meta({ override: orBlank({ const: "" }) }),
});

/** The portal's home page with the product chosen; the email only inside the sealed token (lib/applications/invite-token.ts). */
export function inviteUrl(appUrl: string, input: { productId: string; token: string }): string {
  const url = new URL("/", appUrl);
  url.searchParams.set("product", input.productId);
  url.searchParams.set("invite", input.token);
  return url.toString();
}

/** This area's own message keys, which its field errors keep beside the cardholder form's (fieldErrorsFromZod). */
export const isActionKey = (message: string) => message.startsWith("admin.actions.") || isMerchantKey(message);
