import "server-only";
import { apiRoute, errorResponse, type HandlerInput } from "@/lib/api/route";
import type { Capability } from "@/lib/auth/roles";
import { requireStaff, type Staff } from "@/lib/auth/current-staff";

type Spec<P, B, R> = Parameters<typeof apiRoute<P, B, R>>[0];
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The route wrapper of /api/admin: the staff check first (401 anonymous, 403 without the capability, before any
 * input is looked at), then everything apiRoute does. The handler gets the staff member.
 */
export function staffRoute<P = Record<string, never>, B = undefined, R = object>(
  capability: Capability,
  spec: Spec<P, B, R>,
  handler: (input: HandlerInput<P, B> & { staff: Staff }) => Promise<Response | NoInfer<R>>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    let staff: Staff;
    try {
      staff = await requireStaff(capability);
    } catch (error) {
      return errorResponse(error);
    }
    return apiRoute<P, B, R>(spec, (input) => handler({ ...input, staff }))(request, context);
  };
}
