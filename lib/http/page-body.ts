import { errorBody } from "@/lib/errors";
import { parseMediaType } from "@/lib/http/multipart";
import { readBodyWithLimit } from "@/lib/http/read-body";

// Form posts to pages (server actions, the plain forms that work without JavaScript). Next answers 500 to a body
// over its server-action limit (1 MB) and to a multipart body it cannot parse: both are the client's doing, so
// proxy.ts answers them here as what they are, in the portal's error shape.

/** Next's server-action body limit (serverActions.bodySizeLimit, left at its default). */
export const PAGE_BODY_LIMIT = 1024 * 1024;

const json = (status: number, code: string, message: string) =>
  new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });

class TooLarge extends Error {}

/** A refusal for a page's request body (413 over 1 MB, declared or streamed; 400 unreadable form data), or undefined. */
export async function pageBodyRefusal(request: Request): Promise<Response | undefined> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return undefined;
  let raw: Buffer;
  try {
    raw = await readBodyWithLimit(request.clone(), PAGE_BODY_LIMIT, () => new TooLarge());
  } catch (error) {
    if (error instanceof TooLarge) return json(413, "PAYLOAD_TOO_LARGE", "Form posts to the portal's pages are limited to 1 MB.");
    return json(400, "BAD_REQUEST", "The body could not be read.");
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^\s*multipart\/form-data/i.test(type)) return undefined;
  const boundary = parseMediaType(type)?.params.boundary;
  const readable =
    boundary !== undefined &&
    (await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData().then(
      () => true,
      () => false,
    ));
  return readable ? undefined : json(400, "BAD_REQUEST", "The form data could not be read.");
}
