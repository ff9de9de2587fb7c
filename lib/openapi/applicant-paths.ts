import type { ZodOpenApiPathsObject } from "zod-openapi";
import * as a from "@/lib/api/schemas/applicant";
import { emptyBody } from "@/lib/api/schemas/common";
import { applicationParams } from "@/lib/applications/application-id";
import { operation } from "@/lib/openapi/operation";

// The applicant API (app/api/applications, products, cities, health, staff-password), from the routes' schemas.

const T = "Applications";
const held = { access: "applicant", tag: T, path: applicationParams } as const;

export const applicantPaths: ZodOpenApiPathsObject = {
  "/api/products": {
    get: operation("get", {
      summary: "The card products open for applications",
      tag: "Reference data",
      access: "public",
      answer: a.productsAnswer,
    }),
  },
  "/api/cities": {
    get: operation("get", {
      summary: "The issuer's cities of a country, for address suggestions",
      tag: "Reference data",
      access: "public",
      query: a.citiesQuery,
      answer: a.citiesAnswer,
      rateLimited: true,
      errors: { 400: "BAD_REQUEST with fields.country: not a two-letter country code." },
    }),
  },
  "/api/health": {
    get: operation("get", {
      summary: "Liveness and one database round trip",
      description: "Answers any Host (health checks ask by address). 503 answers the same shape with `ok: false` and the failing part.",
      tag: "Operations",
      access: "public",
      answer: a.healthAnswer,
    }),
  },
  "/api/applications": {
    post: operation("post", {
      summary: "Start an application for a product",
      description: "Binds the application to this client (an HttpOnly cookie `ob_<id>`) and answers its resume link, once.",
      tag: T,
      access: "public",
      body: a.startBody,
      answer: a.startAnswer,
      status: 201,
      rateLimited: true,
      errors: { 422: "VALIDATION_ERROR, or PRODUCT_UNAVAILABLE for a product not open for applications." },
    }),
  },
  "/api/applications/resume": {
    post: operation("post", {
      summary: "Use a resume link: bind this client, end every other binding",
      tag: T,
      access: "public",
      body: a.resumeBody,
      answer: a.applicationAnswer,
      rateLimited: true,
      errors: { 404: "NOT_FOUND: a used, expired or unknown link." },
    }),
  },
  "/api/applications/{id}": {
    get: operation("get", { ...held, summary: "The application with its saved answers", answer: a.applicationAnswer }),
  },
  "/api/applications/{id}/draft": {
    get: operation("get", {
      ...held,
      summary: "The revision of a step's saved answers",
      query: a.stepQueryParams,
      answer: a.revisionAnswer,
      errors: { 422: "VALIDATION_ERROR: not a step of the form." },
    }),
    put: operation("put", {
      ...held,
      summary: "Save one step's answers, validated on the server",
      body: a.draftBody,
      answer: a.applicationAnswer,
      errors: {
        409: "DRAFT_CHANGED (the step changed since `revision`), APPLICATION_MOVED or INVALID_STATE.",
        422: "VALIDATION_ERROR or COUNTRY_RESTRICTION with `fields`.",
      },
    }),
  },
  "/api/applications/{id}/documents": {
    post: operation("post", {
      ...held,
      summary: "Upload an identity document (multipart), checked here, then sent to the issuer",
      multipart: a.documentUpload,
      answer: a.documentAnswer,
      rateLimited: true,
      errors: { 422: "DOCUMENT_REJECTED or VALIDATION_ERROR with `fields`." },
    }),
  },
  "/api/applications/{id}/validate": {
    post: operation("post", {
      ...held,
      summary: "Check the whole draft locally and with the issuer, before any identity check",
      body: emptyBody,
      answer: a.validateAnswer,
      rateLimited: true,
    }),
  },
  "/api/applications/{id}/submit": {
    post: operation("post", {
      ...held,
      summary: "Submit: create the cardholder at the issuer (once, whatever the retries)",
      body: emptyBody,
      answer: a.applicationAnswer,
      rateLimited: true,
      errors: {
        422: "VALIDATION_ERROR (answers missing), UPSTREAM_REFUSED or COUNTRY_RESTRICTION.",
        502: "UPSTREAM_ERROR with `upstream`.",
      },
    }),
  },
  "/api/applications/{id}/kyc-link": {
    post: operation("post", {
      ...held,
      summary: "Make sure the identity check has a live link (a new one when expired or `renew`)",
      description: "The link itself is never answered: the verify page leads there.",
      body: a.kycLinkBody,
      answer: a.applicationAnswer,
      rateLimited: true,
      errors: { 502: "UPSTREAM_ERROR with `upstream`." },
    }),
  },
  "/api/applications/{id}/status": {
    get: operation("get", { ...held, summary: "The current stage, refreshed from the issuer when stale", answer: a.applicationAnswer }),
  },
  "/api/applications/{id}/resume-email": {
    post: operation("post", {
      ...held,
      summary: "Email the resume link to the address of the application's own answers",
      body: emptyBody,
      answer: a.sentToAnswer,
      rateLimited: true,
      errors: { 409: "INVALID_STATE: no contact step saved yet, or email is off; APPLICATION_MOVED." },
    }),
  },
  "/api/applications/{id}/new-link": {
    post: operation("post", {
      ...held,
      summary: "Send me a new link: for the browser a resume link replaced",
      description: "Only the browser whose binding a resume link ended; anyone else gets 404 as for an unknown application.",
      body: emptyBody,
      answer: a.sentAnswer,
      rateLimited: true,
      errors: { 409: "INVALID_STATE: no email address yet, or email is off." },
    }),
  },
  "/api/staff-password": {
    post: operation("post", {
      summary: "Set a staff password from a one-time link",
      tag: "Staff accounts",
      access: "public",
      body: a.staffPasswordBody,
      answer: a.staffPasswordAnswer,
      rateLimited: true,
      errors: {
        404: "NOT_FOUND: the link is used, expired or its account disabled.",
        422: "VALIDATION_ERROR: a password outside 12 to 256 characters.",
      },
    }),
  },
};
