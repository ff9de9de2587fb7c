import { apiReferenceEn } from "@/lib/i18n/messages/api-reference-en";
import { formFieldsEn } from "@/lib/i18n/messages/form-fields-en";
import { privacyEn } from "@/lib/i18n/messages/privacy-en";
import { adminEn } from "@/lib/i18n/messages/admin-en";
import { applyEn } from "@/lib/i18n/messages/apply-en";
import { applyReviewEn } from "@/lib/i18n/messages/apply-review-en";
import { mailEn } from "@/lib/i18n/messages/mail-en";
import { sandboxEventsEn } from "@/lib/i18n/messages/sandbox-events-en";

// The English catalog is the source of the message keys; every other catalog must match its shape.
export const en = {
  meta: {
    title: "Card portal",
    description: "Apply for your payment card: choose a card, tell us about you, verify your identity and follow your application.",
  },
  shell: {
    skipLink: "Skip to main content",
    brand: "Card portal",
    primaryNav: "Main",
    navApply: "Apply for a card",
    language: "Language",
    switchTo: "中文",
    switchToLabel: "切换到中文",
    sandboxBadge: "Sandbox mode: no real cards are issued",
    footerNote: "Your identity data stays on our servers and is shared only with the card issuer.",
    footerSource: "Open-source cardholder onboarding portal",
    privacyLink: "Privacy notice: what we keep and for how long",
  },
  home: {
    heading: "Get your payment card in a few minutes",
    lead: "Choose a card, fill in a short form, upload an identity document and verify your identity. You can stop at any time and continue later, on this device or on your phone.",
    stepsHeading: "How it works",
    step1: "Choose the card that fits you and check that you can apply.",
    step2: "Tell us about you and upload a photo of your identity document.",
    step3: "Verify your identity on our partner's secure page.",
    step4: "Follow your application here until your card is issued.",
  },
  formFields: formFieldsEn,
  apply: applyEn,
  applyReview: applyReviewEn,
  admin: adminEn,
  privacy: privacyEn,
  apiReference: apiReferenceEn,
  mail: mailEn,
  sandboxEvents: sandboxEventsEn,
  errors: {
    notFoundTitle: "Page not found",
    notFoundBody: "The address may be mistyped, or the page has moved.",
    backHome: "Back to the start",
    genericTitle: "Something went wrong",
    genericBody: "Nothing you entered was lost. Please try again in a moment.",
    retry: "Try again",
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
