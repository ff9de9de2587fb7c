import { z } from "zod";

/** Application ids as lib/applications/ids-and-tokens.ts makes them; anything else is not found without a query. */
export const APPLICATION_ID = /^app_[A-Za-z0-9_-]{22}$/;

/** The [id] of /api/admin/applications/[id]/...: a malformed id is a 404 before anything is read. */
export const caseParams = z.object({ id: z.string().regex(APPLICATION_ID) });
