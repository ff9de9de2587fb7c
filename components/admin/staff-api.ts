// Calls to the staff area's JSON routes from client components: the portal's error shape read back as
// { code, message, fields } so that forms can tie each field error to its input.

export type ApiFailure = { code: string; message: string; fields: Record<string, string> };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/** Sends `body` as JSON (same origin, so the session cookie goes along) and reads the answer; never throws. */
export async function callStaffApi<T>(method: "POST" | "PATCH", url: string, body: object): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json: unknown = await response.json().catch(() => ({}));
    if (response.ok) return { ok: true, data: json as T };
    const error = (json as { error?: Partial<ApiFailure> }).error ?? {};
    return { ok: false, error: { code: error.code ?? "INTERNAL_ERROR", message: error.message ?? "", fields: error.fields ?? {} } };
  } catch {
    return { ok: false, error: { code: "NETWORK", message: "", fields: {} } };
  }
}

/** The text of a field error: a message key the page translated, else the field's own text, else the generic one. */
export function fieldText(raw: string, known: Record<string, string>, fallback: string): string {
  return known[raw] ?? fallback;
}
