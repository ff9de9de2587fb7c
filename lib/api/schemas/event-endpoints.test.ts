import { describe, expect, it } from "vitest";
import { endpointChangesBody, newEndpointBody, rotateBody } from "@/lib/api/schemas/event-endpoints";

// The endpoint routes' bodies: each refusal names the field the form shows it on, with its catalog key.

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("the event endpoint bodies", () => {
  it("refuse an unknown, empty or non-text list of types as eventTypes itself", () => {
    for (const eventTypes of [["no.such.type"], [], [1], "application.started"]) {
      expect(issues(newEndpointBody.safeParse({ url: "https://example.com/", eventTypes }))).toEqual([
        ["eventTypes", "events.endpoint.types"],
      ]);
    }
    expect(newEndpointBody.parse({ url: "https://example.com/", eventTypes: ["application.started"] }).eventTypes).toEqual([
      "application.started",
    ]);
    expect(newEndpointBody.parse({ url: "https://example.com/", eventTypes: null }).eventTypes).toBeNull();
  });

  it("change only what is given, and bound the rotation's overlap to 0-168 hours, 24 by default", () => {
    expect(endpointChangesBody.parse({})).toEqual({});
    expect(issues(endpointChangesBody.safeParse({ url: null }))).toEqual([["url", "events.endpoint.url.invalid"]]);
    expect(issues(endpointChangesBody.safeParse({ description: "x".repeat(201) }))).toEqual([
      ["description", "events.endpoint.description"],
    ]);
    expect(rotateBody.parse({})).toEqual({ overlapHours: 24 });
    expect(rotateBody.parse({ overlapHours: 0 })).toEqual({ overlapHours: 0 });
    for (const overlapHours of [-1, 169, 1.5, "24"]) {
      expect(issues(rotateBody.safeParse({ overlapHours }))).toEqual([["overlapHours", "events.endpoint.overlap"]]);
    }
  });
});
