import { BlockList, isIP } from "node:net";
import type { Mode } from "@/lib/env-parse";

// Which endpoint URLs outbound events may go to (docs/events.md, "URL rules"). In live mode: https only, no user
// name or password, no name or address of the portal's own network (loopback, private, link-local, the cloud
// metadata address...), checked on the URL when it is saved and on every resolved address when it is sent to.

export const URL_PROBLEMS = ["invalid", "scheme", "userinfo", "private_address"] as const;
export type UrlProblem = (typeof URL_PROBLEMS)[number];
export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: UrlProblem; message: string };

const MESSAGES: Record<UrlProblem, string> = {
  invalid: "The endpoint URL is not a valid absolute URL.",
  scheme: "The endpoint URL must start with https:// (http:// is accepted in sandbox mode only).",
  userinfo: "The endpoint URL must not carry a user name or password.",
  private_address: "The endpoint URL points at a loopback, private, link-local or reserved address, which is refused in live mode.",
};
const refuse = (problem: UrlProblem): UrlCheck => ({ ok: false, problem, message: MESSAGES[problem] });

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, bits, "ipv6");
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1] ?? "0", 16), parseInt(hex[2] ?? "0", 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Loopback, private, link-local (the metadata address 169.254.169.254), shared, reserved or multicast. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, "ipv4");
  if (version !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4) return blocked.check(v4, "ipv4");
  return blocked.check(bare, "ipv6");
}

/** Names that resolve inside the portal's own network whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * The URL as saved: in live mode https, no userinfo, no literal private address or local name. A public name is
 * resolved again at each delivery (lib/events/deliver.ts), so a name that later points inside is refused then.
 */
export function checkEndpointUrl(raw: string, mode: Mode): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return refuse("invalid");
  }
  if (url.protocol !== "https:" && !(mode === "sandbox" && url.protocol === "http:")) return refuse("scheme");
  if (url.username || url.password) return refuse("userinfo");
  if (mode === "live") {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) ? isPrivateAddress(host) : LOCAL_NAME.test(host.replace(/\.$/, ""))) return refuse("private_address");
  }
  return { ok: true, url };
}
