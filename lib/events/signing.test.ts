import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newEndpointSecret, signedHeaders } from "@/lib/events/signing";

describe("signedHeaders", () => {
  const body = JSON.stringify({ type: "application.started", timestamp: "2026-01-01T00:00:00.000Z", data: { application_id: "app_x" } });

  it("is verified by the Standard Webhooks library with the endpoint's secret", () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signedHeaders([secret], "evt_1", new Date(), body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("fails verification with another secret, a changed body or a changed id", () => {
    const secret = newEndpointSecret();
    const headers = signedHeaders([secret], "evt_1", new Date(), body);
    expect(() => new Webhook(newEndpointSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("app_x", "app_y"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "evt_2" })).toThrow();
  });

  it("during a rotation signs with both secrets, space-separated: a receiver with either verifies", () => {
    const [fresh, old] = [newEndpointSecret(), newEndpointSecret()];
    const headers = signedHeaders([fresh, old], "evt_1", new Date(), body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, headers)).toBeTruthy();
    expect(new Webhook(old).verify(body, headers)).toBeTruthy();
  });

  it("puts the attempt's time in seconds in webhook-timestamp", () => {
    const headers = signedHeaders([newEndpointSecret()], "evt_1", new Date("2026-01-01T00:00:01.900Z"), body);
    expect(headers["webhook-timestamp"]).toBe(String(Date.parse("2026-01-01T00:00:01Z") / 1000));
  });
});
