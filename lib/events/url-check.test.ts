import { describe, expect, it } from "vitest";
import { checkEndpointUrl, isPrivateAddress } from "@/lib/events/url-check";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.8",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "[::1]",
    "not an address",
  ])("refuses %s", (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("lets %s through", (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe("checkEndpointUrl", () => {
  const problem = (url: string, mode: "live" | "sandbox") => {
    const r = checkEndpointUrl(url, mode);
    return r.ok ? "ok" : r.problem;
  };

  it("takes a public https URL in both modes", () => {
    expect(problem("https://hooks.example.com/portal?x=1", "live")).toBe("ok");
    expect(problem("https://hooks.example.com/portal", "sandbox")).toBe("ok");
  });

  it("refuses http in live mode and takes it in sandbox mode (the tests' loopback receiver)", () => {
    expect(problem("http://hooks.example.com/", "live")).toBe("scheme");
    expect(problem("http://127.0.0.1:4000/hook", "sandbox")).toBe("ok");
  });

  it("refuses other schemes and what is not a URL, in any mode", () => {
    expect(problem("ftp://hooks.example.com/", "sandbox")).toBe("scheme");
    expect(problem("file:///etc/passwd", "sandbox")).toBe("scheme");
    expect(problem("hooks.example.com/x", "sandbox")).toBe("invalid");
    expect(problem("", "live")).toBe("invalid");
  });

  it("refuses a user name or password", () => {
    expect(problem("https://user:pw@hooks.example.com/", "live")).toBe("userinfo");
    expect(problem("https://user@hooks.example.com/", "sandbox")).toBe("userinfo");
  });

  it("refuses loopback, private, link-local and metadata addresses and local names in live mode only", () => {
    for (const url of [
      "https://127.0.0.1/",
      "https://[::1]/",
      "https://10.1.2.3/",
      "https://169.254.169.254/latest/meta-data",
      "https://[::ffff:127.0.0.1]/",
      "https://0x7f000001/",
      "https://2130706433/",
      "https://localhost/",
      "https://api.localhost./",
      "https://db.internal/",
    ]) {
      expect([url, problem(url, "live")]).toEqual([url, "private_address"]);
    }
    expect(problem("https://127.0.0.1:8443/", "sandbox")).toBe("ok");
  });
});
