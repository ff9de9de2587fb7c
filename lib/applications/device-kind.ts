// What kind of device took an application over, read from its User-Agent (and the `Sec-CH-UA-Mobile` client hint
// when the browser sends one): enough to tell the person "now open on your phone", nothing that identifies anyone.

export const DEVICE_KINDS = ["phone", "tablet", "computer", "other"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|SM-T\d|KF[A-Z]{2,4}\b/i;
const PHONE = /iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Mobi/i;
const COMPUTER = /Windows NT|Macintosh|Mac OS X|X11|Linux x86_64|CrOS/i;

/** The device kind of a request's User-Agent; "other" when it says nothing a person would recognise (a script, none). */
export function deviceKindOf(userAgent: string | null | undefined, mobileHint?: string | null): DeviceKind {
  const ua = userAgent ?? "";
  if (TABLET.test(ua)) return "tablet";
  if (PHONE.test(ua) || mobileHint === "?1") return "phone";
  // Android without "Mobile" is a tablet by Google's own convention.
  if (/Android/i.test(ua)) return "tablet";
  if (COMPUTER.test(ua)) return "computer";
  return "other";
}

/** A stored value read back: anything unknown (a row from before the column, a removed kind) is "other". */
export const asDeviceKind = (value: string | null | undefined): DeviceKind =>
  (DEVICE_KINDS as readonly string[]).includes(value ?? "") ? (value as DeviceKind) : "other";

/** The device kind of a request, from its headers. */
export const deviceKindOfRequest = (headers: Headers): DeviceKind =>
  deviceKindOf(headers.get("user-agent"), headers.get("sec-ch-ua-mobile"));
