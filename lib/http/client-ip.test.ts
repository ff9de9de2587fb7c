import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/http/client-ip";

const EDGE = Symbol.for("card-portal.edge");
const globals = globalThis as Record<symbol, unknown>;
afterEach(() => void delete globals[EDGE]);

describe("clientIp", () => {
  it("ignores a client-sent x-portal-client-ip when scripts/serve.mjs did not set it (next start, next dev)", () => {
    expect(clientIp(new Headers({ "x-portal-client-ip": "6.6.6.6" }))).toBe("unknown");
  });

  it("reads the address scripts/serve.mjs set", () => {
    globals[EDGE] = true;
    expect(clientIp(new Headers({ "x-portal-client-ip": "::ffff:203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(new Headers({ "x-portal-client-ip": "x".repeat(65) }))).toBe("unknown");
    expect(clientIp(new Headers())).toBe("unknown");
  });
});
