import "server-only";
import { requireAllowedHost } from "@/lib/api/host-guard";
import { apiRoute, errorResponse, type HandlerInput } from "@/lib/api/route";
import { getDb } from "@/lib/db";
import type { MerchantApiKey, MerchantScope } from "@/lib/db/schema";
import { PortalError } from "@/lib/errors";
import { authenticateMerchant } from "@/lib/merchant/authenticate";

type Spec<P, B, R> = Parameters<typeof apiRoute<P, B, R>>[0];
type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * A browser says where a request comes from (Origin, Sec-Fetch-Site): a merchant key is for the merchant's servers,
 * so a request a web page sent is refused whatever it carries. A key in a page's script would be a leaked key.
 */
function refuseBrowser(headers: Headers): void {
  if (headers.has("origin") || headers.has("sec-fetch-site"))
    throw new PortalError("FORBIDDEN", "Merchant API keys are for server-to-server calls: requests from a browser are refused.");
}

/**
 * The route wrapper of /api/merchant/v1: the portal's Host, no browser, a key in use with `scope` and within its
 * rate limit (401, 403, 429, before any input is looked at), then everything apiRoute does. The handler gets the key.
 */
export function merchantRoute<P = Record<string, never>, B = undefined, R = object>(
  scope: MerchantScope,
  spec: Spec<P, B, R>,
  handler: (input: HandlerInput<P, B> & { key: MerchantApiKey }) => Promise<Response | NoInfer<R>>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    let key: MerchantApiKey;
    try {
      requireAllowedHost(request);
      refuseBrowser(request.headers);
      key = await authenticateMerchant(await getDb(), request.headers, scope, new Date());
    } catch (error) {
      const response = errorResponse(error);
      if (response.status === 401) response.headers.set("www-authenticate", 'Bearer realm="merchant-api"');
      return response;
    }
    return apiRoute(spec, (input) => handler({ ...input, key }))(request, context);
  };
}
