import { describe, expect, it } from "vitest";
import { pollTrouble } from "@/components/apply/poll-trouble";
import { ApiError } from "@/lib/client/api";

const error = (code: ConstructorParameters<typeof ApiError>[0], status: number) => new ApiError(code, "x", status);

describe("whose side a failing status poll is on", () => {
  it("is the person's connection when the browser is offline or nothing answered, at once", () => {
    expect(pollTrouble(true, null, 0, 20_000)).toBe("offline");
    expect(pollTrouble(false, error("NETWORK", 0), 1_000, 20_000)).toBe("offline");
  });

  it("is the issuer only when the portal said so, and slow only after a while", () => {
    expect(pollTrouble(false, error("UPSTREAM_UNAVAILABLE", 503), 5_000, 20_000)).toBe("issuerFailing");
    expect(pollTrouble(false, error("UPSTREAM_UNAVAILABLE", 503), 20_000, 20_000)).toBe("issuerSlow");
    expect(pollTrouble(false, error("UPSTREAM_ERROR", 502), 25_000, 20_000)).toBe("issuerSlow");
  });

  it("is the portal for anything else, and nothing without an error", () => {
    expect(pollTrouble(false, error("DATABASE_UNAVAILABLE", 503), 30_000, 20_000)).toBe("portal");
    expect(pollTrouble(false, error("INTERNAL_ERROR", 500), 0, 20_000)).toBe("portal");
    expect(pollTrouble(false, null, 0, 20_000)).toBeNull();
  });
});
