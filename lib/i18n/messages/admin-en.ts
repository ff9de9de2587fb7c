import { adminSearchEn } from "@/lib/i18n/messages/admin-search-en";
import { adminMerchantEn } from "@/lib/i18n/messages/admin-merchant-en";
import { adminEventEndpointsEn } from "@/lib/i18n/messages/admin-event-endpoints-en";
import { adminDeliveriesEn } from "@/lib/i18n/messages/admin-deliveries-en";
import { adminClockEn } from "@/lib/i18n/messages/admin-clock-en";
import { adminReconEn } from "@/lib/i18n/messages/admin-recon-en";
import { adminDashboardEn } from "@/lib/i18n/messages/admin-dashboard-en";
import { adminOpsEn } from "@/lib/i18n/messages/admin-ops-en";
import { adminPrivacyEn } from "@/lib/i18n/messages/admin-privacy-en";
import { adminCaseEn } from "@/lib/i18n/messages/admin-case-en";
import { adminActionsEn } from "@/lib/i18n/messages/admin-actions-en";
import { adminQueueEn } from "@/lib/i18n/messages/admin-queue-en";
import { adminStaffEn } from "@/lib/i18n/messages/admin-staff-en";
import { adminAuditKeysEn } from "@/lib/i18n/messages/admin-audit-keys-en";

// English texts of the staff area. zh-CN mirrors this shape (lib/i18n/messages/admin-zh-cn.ts).
export const adminEn = {
  brand: "Card portal · Staff",
  nav: {
    label: "Staff area",
    overview: "Dashboard",
    applications: "Applications",
    audit: "Audit log",
    staff: "Staff",
    account: "Your account",
    signOut: "Sign out",
    signedInAs: "Signed in as {name} ({role})",
  },
  roles: { admin: "Admin", agent: "Agent", viewer: "Viewer" },
  signIn: {
    title: "Staff sign-in",
    heading: "Sign in to the staff area",
    lead: "For the merchant's staff who follow and unblock card applications.",
    email: "Email address",
    password: "Password",
    submit: "Sign in",
    submitting: "Signing in…",
    failed: "Those details did not work. Check them and try again, or wait a few minutes if you tried several times.",
    refused: "This account cannot sign in here. Ask an admin of the portal to add your email address to the staff.",
    expired: "Your session has ended. Please sign in again.",
    oidcUnverified: "Your company account's email address is not verified. Verify it with your company's sign-in service, then try again.",
    oidcDomain: "Only company accounts of the merchant's own email domains may sign in here.",
    or: "or",
    oidc: "Sign in with your company account",
    errorTitle: "There is a problem",
  },
  forbidden: {
    title: "Not allowed",
    heading: "Your role does not allow this",
    body: "Ask an admin of the portal if you need this page or action.",
    back: "Back to the dashboard",
  },
  dashboard: adminDashboardEn,
  queue: adminQueueEn,
  privacy: adminPrivacyEn,
  staffArea: adminStaffEn,
  case: adminCaseEn,
  actions: adminActionsEn,
  recon: adminReconEn,
  ops: adminOpsEn,
  search: adminSearchEn,
  merchant: adminMerchantEn,
  eventEndpoints: adminEventEndpointsEn,
  deliveries: adminDeliveriesEn,
  auditKeys: adminAuditKeysEn,
  clock: adminClockEn,
  states: {
    draft: "Being filled in",
    submitted: "Sent",
    kyc_pending: "Waiting for the identity check",
    kyc_rejected: "Identity check rejected",
    approved: "Approved",
    card_issuing: "Card being issued",
    card_issued: "Card issued",
    failed: "Failed",
  },
} as const;
