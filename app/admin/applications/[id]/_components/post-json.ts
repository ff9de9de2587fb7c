/** A same-origin JSON POST to the staff API; answers the status and the parsed body (the error shape on failure). */
export async function postJson(url: string, body: unknown): Promise<{ ok: boolean; status: number; data: Record<string, unknown> }> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: {} };
  }
}

/** The message of the portal's error shape, or undefined. */
export const errorMessageOf = (data: Record<string, unknown>): string | undefined => {
  const error = data.error as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
};

/** The code of the portal's error shape, or undefined. */
export const errorCodeOf = (data: Record<string, unknown>): string | undefined => {
  const error = data.error as { code?: unknown } | undefined;
  return typeof error?.code === "string" ? error.code : undefined;
};
