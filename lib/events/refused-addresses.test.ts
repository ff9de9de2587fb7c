import { describe, expect, it } from "vitest";
import { guardedLookup, postEvent } from "@/lib/events/deliver";
import { validateEndpointUrl } from "@/lib/events/endpoints";
import { signedHeaders, newEndpointSecret } from "@/lib/events/signing";

// The portal's own network is out of reach in live mode: at creation (the URL and what its name resolves to) and
// at delivery (on the connection's own lookup, so a name re-pointed after the check is refused too).

const lookupOf = (mode: "live" | "sandbox", host: string) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: string }>((resolve) =>
    guardedLookup(mode)(host, {}, (error, address) => resolve({ error, address: String(address) })),
  );

describe("refused addresses in live mode", () => {
  it("creation refuses http, userinfo, loopback, private and metadata addresses with a field-named error", async () => {
    for (const url of [
      "http://hooks.example.com/",
      "https://u:p@hooks.example.com/",
      "https://127.0.0.1/",
      "https://169.254.169.254/",
      "https://localhost/",
    ]) {
      await expect(validateEndpointUrl(url, "live")).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        fields: { url: expect.stringMatching(/^events\.endpoint\.url\./) },
      });
    }
    await expect(validateEndpointUrl("http://127.0.0.1:4000/hooks", "sandbox")).resolves.toBeInstanceOf(URL);
  });

  it("the delivery's lookup refuses a name that resolves to loopback (as a rebound name would), in live mode only", async () => {
    const live = await lookupOf("live", "localhost");
    expect(live.error?.code).toBe("EADDRREFUSED");
    const sandbox = await lookupOf("sandbox", "localhost");
    expect(sandbox.error).toBeNull();
    expect(sandbox.address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it("a live delivery to a loopback URL is refused before any connection: an attempt with no status", async () => {
    const body = "{}";
    const result = await postEvent("https://127.0.0.1:1/hooks", signedHeaders([newEndpointSecret()], "evt_x", new Date(), body), body, {
      mode: "live",
    });
    expect(result).toMatchObject({ status: null, excerpt: null });
    expect(result.error).toMatch(/^refused: /);
  });
});
