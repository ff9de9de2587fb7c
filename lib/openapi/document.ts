import { createDocument } from "zod-openapi";
import { applicantPaths } from "@/lib/openapi/applicant-paths";
import { eventDeliveryPaths } from "@/lib/openapi/event-delivery-paths";
import { eventPaths } from "@/lib/openapi/event-paths";
import { describeNormalisedInput } from "@/lib/openapi/input-strings";
import { merchantPaths } from "@/lib/openapi/merchant-paths";
import { staffPaths } from "@/lib/openapi/staff-paths";
import { operationsPaths } from "@/lib/openapi/operations-paths";
import packageJson from "@/package.json";

// The portal API as OpenAPI 3.1, made from the zod schemas the routes validate with and answer by. Served at
// GET /api/openapi.json and shown at /docs/api; docs/api.md says how to add a route.

export type OpenApiDocument = ReturnType<typeof createDocument>;

const DESCRIPTION = [
  "The API of the cardholder onboarding portal: the applicant's application (start, save steps, upload the identity",
  "document, submit, follow the identity check), reference data, and the staff area's actions.",
  "",
  'Errors have one shape, `{"error":{"code","message","fields"?}}` (the `Error` schema). Every route answers 421',
  "MISDIRECTED_REQUEST when the Host is not the portal's own; a state-changing request from another origin (its Origin or",
  "Sec-Fetch-Site) is 403 FORBIDDEN; JSON bodies must be sent as application/json. Answers are never cached.",
].join("\n");

export function buildDocument(serverUrl: string): OpenApiDocument {
  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "Cardholder onboarding portal API", version: packageJson.version, description: DESCRIPTION },
      servers: [{ url: serverUrl }],
      tags: [
        { name: "Applications", description: "The applicant's own application, bound to the client that started or resumed it." },
        { name: "Reference data", description: "Public reference data for the forms." },
        { name: "Operations", description: "Health and the issuer's webhooks." },
        { name: "Staff accounts", description: "Staff accounts and one's own settings." },
        { name: "Staff: applications", description: "Work on applications in the staff area." },
        { name: "Staff: operations", description: "Exports, mail, webhooks, reconciliation and saved views." },
        {
          name: "Merchant API",
          description: "The merchant's servers, with a merchant API key: invitations and states by customer reference.",
        },
        { name: "Outbound events", description: "The merchant's endpoints for signed events, their deliveries (admins)." },
      ],
      paths: { ...applicantPaths, ...operationsPaths, ...staffPaths, ...merchantPaths, ...eventPaths, ...eventDeliveryPaths },
      components: {
        securitySchemes: {
          applicantBinding: {
            type: "apiKey",
            in: "cookie",
            name: "ob_{id}",
            description:
              "The HttpOnly binding cookie set by starting or resuming an application: `ob_<application id>` (`__Host-ob_<id>` on https).",
          },
          merchantKey: {
            type: "http",
            scheme: "bearer",
            description:
              "A merchant API key (`pk_live_…` / `pk_test_…`) created by an admin at /admin/merchant-keys, with its scopes " +
              "and calls a minute. Requests from a browser (Origin or Sec-Fetch-Site) are refused (docs/merchant-api.md).",
          },
          staffSession: {
            type: "apiKey",
            in: "cookie",
            name: "next-auth.session-token",
            description:
              "The staff session from /api/auth (credentials or OpenID Connect); `__Secure-next-auth.session-token` on https. " +
              "Anonymous requests are 401, a role without the capability 403 (lib/auth/access-matrix.ts).",
          },
        },
      },
    },
    { override: describeNormalisedInput },
  );
}
