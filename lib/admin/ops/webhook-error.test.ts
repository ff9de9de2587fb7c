import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeWebhookError } from "@/lib/admin/ops/webhook-error";

const zodMessage = (body: unknown) => {
  const result = z.object({ data: z.object({ transaction_amount: z.string(), card_id: z.string() }) }).safeParse(body);
  return result.success ? "" : result.error.message;
};

describe("a webhook processing error in words", () => {
  it("names the fields a body lacked or had wrong, from the processor's zod error", () => {
    expect(describeWebhookError(zodMessage({ data: { card_id: "card_1" } }))).toEqual({
      kind: "fields",
      fields: ["data.transaction_amount"],
    });
    expect(describeWebhookError(zodMessage({}))).toEqual({ kind: "fields", fields: ["data"] });
  });

  it("tells a body that is not JSON, a parked event and an erased cardholder apart", () => {
    let parseError = "";
    try {
      JSON.parse("{not json");
    } catch (error) {
      parseError = (error as Error).message;
    }
    expect(describeWebhookError(parseError)).toEqual({ kind: "json" });
    expect(describeWebhookError("parked: dated more than 72 hours ago")).toEqual({ kind: "parkedOld", hours: 72 });
    expect(describeWebhookError("parked: dated more than 5 minutes in the future")).toEqual({ kind: "parkedFuture" });
    expect(describeWebhookError("erased: the cardholder's data key was destroyed")).toEqual({ kind: "erased" });
  });

  it("reads the notes of an ignored event", () => {
    expect(describeWebhookError("no application for this cardholder")).toEqual({ kind: "noApplication" });
    expect(describeWebhookError("stale: a newer state was applied")).toEqual({ kind: "stale" });
    expect(describeWebhookError("transaction already recorded")).toEqual({ kind: "duplicateTransaction" });
    expect(describeWebhookError("event type card.frozen is not handled")).toEqual({ kind: "unhandled", type: "card.frozen" });
  });

  it("says it could not be applied for anything else, and for a list that is not zod's", () => {
    expect(describeWebhookError("connect ECONNREFUSED 127.0.0.1:5432")).toEqual({ kind: "other" });
    expect(describeWebhookError("[1, 2]")).toEqual({ kind: "other" });
  });
});
