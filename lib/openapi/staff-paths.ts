import type { ZodOpenApiPathsObject } from "zod-openapi";
import { auditParamsSchema } from "@/lib/admin/audit/log";
import { failReasonSchema } from "@/lib/admin/case/actions/rules";
import { resolveBody } from "@/lib/admin/case/attention";
import { findingParams, runParams } from "@/lib/admin/ops/reconciliation";
import { transactionParamsSchema } from "@/lib/admin/ops/transactions";
import { bulkBody } from "@/lib/admin/queue/bulk";
import { queueParamsSchema } from "@/lib/admin/queue/list";
import { saveViewBody } from "@/lib/admin/queue/saved-views";
import { correctionSchema } from "@/lib/admin/case/actions/correction-schema";
import { inviteSchema, thirdPartySchema } from "@/lib/admin/case/actions/rules";
import { anyObjectBody, emptyBody } from "@/lib/api/schemas/common";
import { documentFilePart, UPLOAD_LIMITS_TEXT } from "@/lib/api/schemas/applicant";
import * as s from "@/lib/api/schemas/staff";
import { applicationParams } from "@/lib/applications/application-id";
import { operation, type OperationSpec } from "@/lib/openapi/operation";
import { erasureSchema } from "@/lib/privacy/erase";

// The staff API (app/api/admin), from the schemas its routes use. Who may call what: lib/auth/access-matrix.ts.

type Spec = Omit<OperationSpec, "access" | "tag">;
const staff = (tag: string) => (method: string, spec: Spec) => operation(method, { ...spec, tag, access: "staff" });
const onApp = staff("Staff: applications");
const ops = staff("Staff: operations");
const people = staff("Staff accounts");
const app = { path: applicationParams };
const csv = (what: string) => ({ type: "text/csv", description: `${what} as CSV (UTF-8 with a byte order mark), streamed.` });
// The actions of lib/admin/case/actions check the application's state first (loadForAction), and some ask the issuer.
const stateError = { 409: "INVALID_STATE: the action does not apply to the application's state now (reload the page)." } as const;
const issuerErrors = { ...stateError, 502: "UPSTREAM_ERROR with `upstream`: the card issuer refused the request." } as const;
const dayError = { 422: "VALIDATION_ERROR with fields.from / fields.to: a day filter that is not a real day." } as const;
// The text parts are validated with thirdPartySchema (lib/admin/case/actions/third-party.ts), the file as an applicant's.
const thirdPartyUpload = thirdPartySchema.extend({ file: documentFilePart }).meta({ description: UPLOAD_LIMITS_TEXT });

export const staffPaths: ZodOpenApiPathsObject = {
  "/api/admin/account/password": {
    post: people("post", { summary: "Change one's own password (every session ends)", body: s.ownPasswordBody, answer: s.staffAnswers.ok }),
  },
  "/api/admin/account/time-zone": {
    post: people("post", { summary: "Set one's own time zone", body: s.timeZoneBody, answer: s.staffAnswers.timeZone }),
  },
  "/api/admin/staff": {
    get: people("get", { summary: "Every staff account (admins)", answer: s.staffAnswers.staffList }),
    post: people("post", {
      summary: "Add an account; answers its set-password link",
      body: s.newStaffBody,
      answer: s.staffAnswers.staffAdded,
    }),
  },
  "/api/admin/staff/{id}": {
    patch: people("patch", {
      summary: "Change a name, role or enabled state",
      path: s.staffIdParams,
      body: s.changeStaffBody,
      answer: s.staffAnswers.staffChanged,
    }),
  },
  "/api/admin/staff/{id}/reset-password": {
    post: people("post", {
      summary: "Stop a password; answers a one-time link",
      path: s.staffIdParams,
      body: emptyBody,
      answer: s.staffAnswers.passwordReset,
    }),
  },
  "/api/admin/staff/{id}/unlink-oidc": {
    post: people("post", {
      summary: "Forget the account's company identity",
      path: s.staffIdParams,
      body: emptyBody,
      answer: s.staffAnswers.staffChanged,
    }),
  },
  "/api/admin/invites": {
    post: onApp("post", {
      summary: "An invitation link and QR code for a product",
      description: 'The product must be open for applications (else 422 PRODUCT_UNAVAILABLE); `merchantReference` "" is none.',
      body: inviteSchema,
      answer: s.staffAnswers.invite,
      errors: { 422: "VALIDATION_ERROR with `fields`, or PRODUCT_UNAVAILABLE for a product not open for applications." },
    }),
  },
  "/api/admin/applications/bulk": {
    post: onApp("post", { summary: "Assign or resolve up to 100 applications", body: bulkBody, answer: s.staffAnswers.bulk }),
  },
  "/api/admin/applications/export": {
    get: onApp("get", {
      summary: "The work queue's filter as CSV",
      query: queueParamsSchema,
      download: csv("The applications"),
      errors: dayError,
    }),
  },
  "/api/admin/applications/{id}/assign": {
    post: onApp("post", { ...app, summary: "Give the application to a colleague", body: s.assignBody, answer: s.staffAnswers.assigned }),
  },
  "/api/admin/applications/{id}/attention": {
    post: onApp("post", {
      ...app,
      summary: "Resolve the needs-attention item, optionally snoozed",
      body: resolveBody,
      answer: s.staffAnswers.resolved,
      errors: { 409: "INVALID_STATE: it needs no attention now." },
    }),
  },
  "/api/admin/applications/{id}/cardholder": {
    put: onApp("put", {
      ...app,
      summary: "Correct contact details and the billing address upstream",
      description:
        "Only the fields sent are checked and changed; `billing_address` is sent whole. Beyond this schema the route checks " +
        "the country code, the mobile number against its calling code (the saved one when not sent), a postcode where the " +
        "country has them and the product's region lists (422 with `fields`), and refuses a correction that changes nothing.",
      body: correctionSchema,
      answer: s.staffAnswers.corrected,
      errors: issuerErrors,
    }),
  },
  "/api/admin/applications/{id}/claim": {
    post: onApp("post", { ...app, summary: "Take the application", body: s.claimBody, answer: s.staffAnswers.assigned }),
  },
  "/api/admin/applications/{id}/release": {
    post: onApp("post", { ...app, summary: "Give the application back to the queue", body: emptyBody, answer: s.staffAnswers.released }),
  },
  "/api/admin/applications/{id}/notes": {
    post: onApp("post", { ...app, summary: "An internal note, sealed at rest", body: s.noteBody, answer: s.staffAnswers.note }),
  },
  "/api/admin/applications/{id}/reveal": {
    post: onApp("post", { ...app, summary: "One identity value in full (audited)", body: s.revealBody, answer: s.staffAnswers.revealed }),
  },
  "/api/admin/applications/{id}/documents/{fileId}": {
    get: onApp("get", {
      summary: "A document from the issuer, shown inline, never stored (audited)",
      path: applicationParams.extend(s.documentParams.shape),
      download: { type: "application/octet-stream", description: "The document's bytes with its own content type." },
    }),
  },
  "/api/admin/applications/{id}/kyc-link": {
    post: onApp("post", {
      ...app,
      summary: "A new identity-check link with its QR code",
      body: anyObjectBody,
      answer: s.staffAnswers.link,
      errors: issuerErrors,
    }),
  },
  "/api/admin/applications/{id}/resume-link": {
    post: onApp("post", {
      ...app,
      summary: "A fresh single-use resume link",
      body: anyObjectBody,
      answer: s.staffAnswers.link,
      errors: stateError,
    }),
  },
  "/api/admin/applications/{id}/send-link": {
    post: onApp("post", {
      ...app,
      summary: "Email the current link to the applicant's own address",
      body: s.sendLinkBody,
      answer: s.staffAnswers.linkSent,
      errors: stateError,
    }),
  },
  "/api/admin/applications/{id}/retry-card": {
    post: onApp("post", {
      ...app,
      summary: "Retry the card (exactly once)",
      body: anyObjectBody,
      answer: s.staffAnswers.retried,
      errors: issuerErrors,
    }),
  },
  "/api/admin/applications/{id}/reopen": {
    post: onApp("post", {
      ...app,
      summary: "A failed application that never reached the issuer back as a draft",
      body: anyObjectBody,
      answer: s.staffAnswers.state,
      errors: stateError,
    }),
  },
  "/api/admin/applications/{id}/fail": {
    post: onApp("post", {
      ...app,
      summary: "End the application with a reason",
      body: failReasonSchema,
      answer: s.staffAnswers.state,
      errors: stateError,
    }),
  },
  "/api/admin/applications/{id}/third-party": {
    post: onApp("post", {
      ...app,
      summary: "Create the cardholder with the merchant's own identity proof (multipart)",
      multipart: thirdPartyUpload,
      answer: s.staffAnswers.thirdParty,
      errors: {
        ...issuerErrors,
        422: "VALIDATION_ERROR (a part, or the answers not complete), DOCUMENT_REJECTED, or UPSTREAM_REFUSED (a reference id already used) with `fields`.",
      },
    }),
  },
  "/api/admin/applications/{id}/export": {
    get: onApp("get", {
      ...app,
      summary: "The data of the person of this application (admins; audited)",
      download: { type: "application/json", description: "A JSON download, format card-portal.subject-export.v2." },
    }),
  },
  "/api/admin/applications/{id}/erase": {
    post: onApp("post", {
      ...app,
      summary: "Erase the person of this application, all or nothing (admins; audited)",
      body: erasureSchema,
      answer: s.staffAnswers.erased,
      errors: { 409: "INVALID_STATE: the list changed, or an application is still in progress upstream." },
    }),
  },
  "/api/admin/saved-views": {
    post: ops("post", { summary: "Save the queue's filters under a name", body: saveViewBody, answer: s.staffAnswers.savedView }),
  },
  "/api/admin/saved-views/{id}": {
    delete: ops("delete", { summary: "Delete one of one's own saved views", path: s.staffIdParams, answer: s.staffAnswers.viewDeleted }),
  },
  "/api/admin/audit/export": {
    get: ops("get", {
      summary: "The audit log's filter as CSV",
      query: auditParamsSchema,
      download: csv("The audit entries"),
      errors: dayError,
    }),
  },
  "/api/admin/transactions/export": {
    get: ops("get", {
      summary: "The transactions' filter as CSV",
      query: transactionParamsSchema,
      download: csv("The transactions"),
      errors: dayError,
    }),
  },
  "/api/admin/mail/{id}/resend": {
    post: ops("post", { summary: "A failed email sent again", path: s.mailIdParams, body: anyObjectBody, answer: s.staffAnswers.requeued }),
  },
  "/api/admin/webhooks/{eventId}/reprocess": {
    post: ops("post", {
      summary: "A poisoned or parked event back to the processor",
      path: s.webhookEventParams,
      body: anyObjectBody,
      answer: s.staffAnswers.requeued,
    }),
  },
  "/api/admin/reconciliation/runs": {
    post: ops("post", { summary: "Compare the issuer's cardholders with the applications now", answer: s.staffAnswers.reconciliationRun }),
  },
  "/api/admin/reconciliation/runs/{id}/fix": {
    post: ops("post", { summary: "Fix every open finding of a run that can be fixed", path: runParams, answer: s.staffAnswers.runFixed }),
  },
  "/api/admin/reconciliation/findings/{id}/fix": {
    post: ops("post", { summary: "Refresh one application from the issuer", path: findingParams, answer: s.staffAnswers.findingFixed }),
  },
};
