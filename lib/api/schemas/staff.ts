import { z } from "zod";
import { LINK_KINDS } from "@/lib/admin/case/actions/send-link";
import { MAX_NOTE_CHARS } from "@/lib/admin/case/reveal-note-claim";
import { APPLICATION_STATES } from "@/lib/db/schema/applications";
import { STAFF_ROLES } from "@/lib/db/schema/staff";
import { SENSITIVE_PATHS } from "@/lib/requirements/sensitive";

// The staff API's inline requests and its answers (app/api/admin). Requests that belong to a domain module stay there
// (bulkBody, resolveBody, erasureSchema...): the routes and lib/openapi import them from where they are.

const instant = z.iso.datetime({ offset: true });
const state = z.enum(APPLICATION_STATES);

export const staffIdParams = z.object({ id: z.uuid() });
export const mailIdParams = z.object({ id: z.string().min(1).max(100) });
export const webhookEventParams = z.object({ eventId: z.string().min(1).max(200) });
export const documentParams = z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

export const ownPasswordBody = z.object({ current: z.string().max(256), next: z.string().max(256) });
export const timeZoneBody = z.object({ timeZone: z.string().max(100), source: z.enum(["browser", "account"]).default("account") });
export const assignBody = z.object({ assigneeId: z.uuid() }).strict();
export const claimBody = z.object({ takeOver: z.boolean().default(false) }).strict();
export const noteBody = z
  .object({ body: z.string().trim().min(1, "admin.case.notes.empty").max(MAX_NOTE_CHARS, "admin.case.notes.tooLong") })
  .strict();
export const revealBody = z.object({ path: z.enum(SENSITIVE_PATHS) }).strict();
export const sendLinkBody = z.object({ linkKind: z.enum(LINK_KINDS) });
export const newStaffBody = z.object({
  email: z.email().max(320),
  name: z.string().trim().max(100).default(""),
  role: z.enum(STAFF_ROLES).default("viewer"),
});
export const changeStaffBody = z
  .object({ name: z.string().trim().max(100).optional(), role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() })
  .strict();

export const staffAccountSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    disabled: z.boolean(),
    passwordSet: z.boolean(),
    lastSignInAt: instant.nullable(),
    companySignIn: z.boolean(),
  })
  .meta({ id: "StaffAccount" });
const setPasswordLink = { setPasswordUrl: z.url(), emailed: z.boolean() };
const issuedLink = z.object({
  url: z.url(),
  expiresAt: instant,
  qr: z.string().meta({ description: "A data: URL of the link's QR code (PNG)." }),
});

export const staffAnswers = {
  ok: z.object({ ok: z.literal(true) }),
  timeZone: z.object({ timeZone: z.string(), changed: z.boolean() }),
  assigned: z.object({ assignedTo: z.uuid() }),
  released: z.object({ assignedTo: z.null() }),
  resolved: z.object({ reason: z.enum(["acknowledged", "contacted", "closed_as_expected"]), snoozedUntil: instant.nullable() }),
  corrected: z.object({ changed: z.array(z.string()) }),
  erased: z.object({ erasedAt: instant, applications: z.array(z.string()) }),
  state: z.object({ state }),
  retried: z.object({
    state,
    unavailable: z
      .object({ status: z.int(), code: z.string().nullable(), requestId: z.string(), retryFrom: instant })
      .optional()
      .meta({ description: "The issuer did not answer: what it said, and when a retry may be tried again." }),
  }),
  link: z.object({ link: issuedLink }),
  note: z.object({ id: z.int().nullable() }),
  revealed: z.object({ path: z.enum(SENSITIVE_PATHS), value: z.string() }),
  linkSent: z.object({ emailed: z.literal(true), recipient: z.string(), mailId: z.string() }),
  thirdParty: z.object({ state, cardholderId: z.string() }),
  bulk: z.object({
    results: z.array(
      z.union([
        z.object({ id: z.string(), outcome: z.literal("done") }),
        z.object({ id: z.string(), outcome: z.literal("refused"), code: z.string(), message: z.string() }),
      ]),
    ),
    done: z.int(),
    refused: z.int(),
  }),
  invite: z.object({ url: z.url(), qr: z.string() }),
  requeued: z.object({ ok: z.literal(true), state: z.literal("pending") }),
  reconciliationRun: z.object({
    run: z.object({
      id: z.string(),
      unknownCardholders: z.int(),
      laggingStates: z.int(),
      unrecordedCards: z.int(),
      missingCardholders: z.int(),
      missingCards: z.int(),
      error: z.string().nullable(),
      partial: z.string().nullable(),
    }),
  }),
  findingFixed: z.object({ applicationId: z.string(), state }),
  runFixed: z.object({ fixed: z.int(), failed: z.int() }),
  savedView: z.object({ view: z.object({ id: z.string(), name: z.string(), href: z.string() }) }),
  viewDeleted: z.object({ deleted: z.uuid() }),
  staffList: z.object({ staff: z.array(staffAccountSchema) }),
  staffAdded: z.object({ staff: staffAccountSchema, ...setPasswordLink }),
  staffChanged: z.object({ staff: staffAccountSchema }),
  passwordReset: z.object(setPasswordLink),
} as const;

/** What a staff route answers, by name: the route's `satisfies` keeps it and the description in step. */
export type StaffAnswer<K extends keyof typeof staffAnswers> = z.infer<(typeof staffAnswers)[K]>;
