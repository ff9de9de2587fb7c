"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { accessCookieName } from "@/app/_lib/application-request";
import { portalNames } from "@/lib/api/host-guard";
import { errorResponse } from "@/lib/api/route";
import { loadAccess } from "@/lib/applications/access";
import { APPLICATION_ID } from "@/lib/applications/application-id";
import { processDeps } from "@/lib/applications/deps";
import { saveDraftStep } from "@/lib/applications/draft";
import { isFormPageOf } from "@/lib/applications/form-pages";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/errors";
import { requireSameOrigin } from "@/lib/http/origin";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { STEP_IDS } from "@/lib/requirements/types";

// The form's Save: the same checks and the same save as PUT /api/applications/[id]/draft, and on success the next
// page in the same answer (a redirect from an action carries its page). On Slow 3G the route's save, the next page
// and its revision check were three round trips of 2 s in a row.

/** The JSON API's limit on a draft body. */
const MAX_VALUES_BYTES = 64 * 1024;
const input = z.object({
  applicationId: z.string().regex(APPLICATION_ID),
  step: z.enum(STEP_IDS),
  values: z.record(z.string(), z.unknown()),
  revision: z.string().max(64),
  /** The page after this one: another page of the same application, nothing else (no open redirect). */
  next: z.string().max(200),
});

/** A refused save, as the JSON API would have answered it. */
export type SaveStepRefusal = { status: number; body: unknown; retryAfter: string | null };

export async function saveStep(raw: unknown): Promise<SaveStepRefusal> {
  let next: string;
  try {
    const request = new Request(`${getEnv().appUrl}/`, { method: "POST", headers: new Headers(await headers()) });
    requireSameOrigin(request, portalNames().origins);
    const parsed = input.safeParse(raw);
    if (!parsed.success) throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error));
    const { applicationId, step, values, revision } = parsed.data;
    if (JSON.stringify(values).length > MAX_VALUES_BYTES)
      throw new PortalError("PAYLOAD_TOO_LARGE", `The body is larger than ${MAX_VALUES_BYTES} bytes.`);
    if (!isFormPageOf(applicationId, parsed.data.next))
      throw new PortalError("BAD_REQUEST", "The next page is not one of this application's.");
    next = parsed.data.next;
    const deps = await processDeps();
    const access = await loadAccess(deps, applicationId, (await cookies()).get(accessCookieName(applicationId))?.value);
    await saveDraftStep(deps, access.app, step, values, revision);
  } catch (error) {
    const response = errorResponse(error);
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") };
  }
  redirect(next);
}
