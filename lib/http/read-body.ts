/**
 * Reads a request body up to `limit` bytes. A larger body (declared or streamed) stops the read at once
 * and throws `tooLarge()`, so a giant upload is never buffered whole.
 */
export async function readBodyWithLimit(request: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: cancelling one branch of a tee'd body (proxy.ts reads a clone) settles only once the other is too.
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
