import type { Capability } from "@/lib/auth/roles";

// Who may open each page of app/admin and call each route of app/api/admin: the declared matrix. A test
// (lib/auth/access-matrix.test.ts) fails when a page or route is missing here or does not check what it says,
// and e2e/admin-access.spec.ts tries every entry as an anonymous visitor, a viewer and an admin.

export type Access = Capability | "public";

export const ADMIN_PAGES: Record<string, Access> = {
  "/admin": "read",
  "/admin/sign-in": "public",
  "/admin/applications": "read",
  "/admin/applications/[id]/privacy": "privacy",
  "/admin/staff": "manage_staff",
  "/admin/account": "read",
  "/admin/set-password/[token]": "public",
  "/admin/audit": "read",
  "/admin/applications/[id]": "read",
  "/admin/invite": "work",
  "/admin/products": "read",
  "/admin/reconciliation": "read",
  "/admin/webhooks": "read",
  "/admin/webhooks/[eventId]": "read",
  "/admin/mail": "read",
  "/admin/transactions": "read",
  "/admin/cards": "read",
  "/admin/cards/[cardId]": "read",
  "/admin/search": "read",
};

export const ADMIN_ROUTES: Record<string, Access> = {
  "GET /api/admin/applications/export": "export",
  "GET /api/admin/staff": "manage_staff",
  "POST /api/admin/staff": "manage_staff",
  "PATCH /api/admin/staff/[id]": "manage_staff",
  "POST /api/admin/staff/[id]/reset-password": "manage_staff",
  "POST /api/admin/staff/[id]/unlink-oidc": "manage_staff",
  "POST /api/admin/account/password": "read",
  "GET /api/admin/applications/[id]/export": "privacy",
  "POST /api/admin/applications/[id]/erase": "privacy",
  "GET /api/admin/audit/export": "export",
  "POST /api/admin/applications/[id]/reveal": "reveal",
  "GET /api/admin/applications/[id]/documents/[fileId]": "reveal",
  "POST /api/admin/applications/[id]/notes": "work",
  "POST /api/admin/applications/[id]/claim": "work",
  "POST /api/admin/applications/[id]/release": "work",
  "POST /api/admin/applications/[id]/assign": "work",
  "POST /api/admin/applications/[id]/attention": "work",
  "POST /api/admin/applications/[id]/kyc-link": "work",
  "POST /api/admin/applications/[id]/resume-link": "work",
  "POST /api/admin/applications/[id]/send-link": "work",
  "POST /api/admin/applications/[id]/retry-card": "work",
  "POST /api/admin/applications/[id]/fail": "work",
  "POST /api/admin/applications/[id]/reopen": "work",
  "PUT /api/admin/applications/[id]/cardholder": "work",
  "POST /api/admin/applications/[id]/third-party": "work",
  "POST /api/admin/invites": "work",
  "POST /api/admin/reconciliation/runs": "work",
  "POST /api/admin/reconciliation/runs/[id]/fix": "work",
  "POST /api/admin/reconciliation/findings/[id]/fix": "work",
  "POST /api/admin/webhooks/[eventId]/reprocess": "work",
  "POST /api/admin/mail/[id]/resend": "work",
  "GET /api/admin/transactions/export": "export",
};
