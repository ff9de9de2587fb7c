// The portal's schema, one file per area (the sandbox keeps its own in lib/sandbox/schema.ts). Migrations in
// lib/db/migrations are generated from it with `npm run db:generate` and applied at start (lib/db/open.ts).
export * from "@/lib/db/schema/staff";
export * from "@/lib/db/schema/applications";
export * from "@/lib/db/schema/webhooks";
export * from "@/lib/db/schema/security";
export * from "@/lib/db/schema/privacy";
export * from "@/lib/db/schema/reconciliation";
export * from "@/lib/db/schema/deployment";
export * from "@/lib/db/schema/mail";
export * from "@/lib/db/schema/tallies";
export * from "@/lib/db/schema/merchant";
export * from "@/lib/db/schema/events";
