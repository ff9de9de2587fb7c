// Why the processor could not apply an event, or why it ignored one, read from what it stored (pure): the page says it in a sentence
// and keeps the raw text folded beneath. The processor stores a zod error as its JSON list of issues, a body that
// is not JSON as the parser's message, and the receiver's parking reason as "parked: ...".

export type WebhookErrorView =
  | { kind: "fields"; fields: string[] }
  | { kind: "json" }
  | { kind: "parkedFuture" }
  | { kind: "parkedOld"; hours: number }
  | { kind: "erased" }
  | { kind: "noApplication" }
  | { kind: "stale" }
  | { kind: "duplicateTransaction" }
  | { kind: "unhandled"; type: string }
  | { kind: "other" };

const MAX_FIELDS = 5;

/** The fields a zod error names ("data.transaction_amount"), or undefined when the text is not one. */
function fieldsOf(raw: string): string[] | undefined {
  if (!raw.trimStart().startsWith("[")) return undefined;
  try {
    const issues: unknown = JSON.parse(raw);
    if (!Array.isArray(issues) || issues.length === 0) return undefined;
    const paths = issues.map((i: unknown) =>
      i !== null && typeof i === "object" && "path" in i && Array.isArray(i.path) ? i.path.map(String).join(".") : undefined,
    );
    if (paths.some((p) => p === undefined)) return undefined;
    return [...new Set(paths.map((p) => p || "(body)"))].slice(0, MAX_FIELDS);
  } catch {
    return undefined;
  }
}

export function describeWebhookError(raw: string): WebhookErrorView {
  const fields = fieldsOf(raw);
  if (fields) return { kind: "fields", fields };
  if (/^parked: dated more than \d+ minutes? in the future/.test(raw)) return { kind: "parkedFuture" };
  const old = /^parked: dated more than (\d+) hours? ago/.exec(raw);
  if (old) return { kind: "parkedOld", hours: Number(old[1]) };
  if (raw.startsWith("erased:")) return { kind: "erased" };
  // The notes an ignored event keeps (lib/webhooks/handlers.ts).
  if (raw === "no application for this cardholder") return { kind: "noApplication" };
  if (raw.startsWith("stale:")) return { kind: "stale" };
  if (raw === "transaction already recorded") return { kind: "duplicateTransaction" };
  const unhandled = /^event type (\S+) is not handled$/.exec(raw);
  if (unhandled) return { kind: "unhandled", type: unhandled[1] ?? "" };
  if (/JSON|Unexpected token|Unexpected end of/.test(raw)) return { kind: "json" };
  return { kind: "other" };
}
