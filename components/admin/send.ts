// A staff action's request from the browser: JSON in, the portal's answer or its error shape out.

export type ActionError = { code: string; message: string; fields?: Record<string, string> };
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

export async function send<T>(url: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<ActionResult<T>> {
  try {
    const response = await fetch(url, {
      method: init.method ?? "POST",
      headers: init.form ? undefined : { "content-type": "application/json" },
      body: init.form ?? JSON.stringify(init.json ?? {}),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: ActionError } & T;
    if (!response.ok) return { ok: false, error: body.error ?? { code: "INTERNAL_ERROR", message: `HTTP ${response.status}` } };
    return { ok: true, data: body };
  } catch {
    return { ok: false, error: { code: "NETWORK", message: "The portal could not be reached." } };
  }
}
