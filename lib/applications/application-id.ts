import { z } from "zod";

// The one pattern of an application id (lib/applications/deps.ts makes them: "app_" and 16 random bytes in
// base64url). Pure, so pages, routes and the staff area test ids alike: anything else is not found without a query.

export const APPLICATION_ID = /^app_[A-Za-z0-9_-]{22}$/;

export const isApplicationId = (text: string): boolean => APPLICATION_ID.test(text);

/** The [id] route params of /api/applications/[id]/... and /api/admin/applications/[id]/...: a malformed id is a 404. */
export const applicationParams = z.object({ id: z.string().regex(APPLICATION_ID) });
