import { describe, expect, it } from "vitest";
import { asDeviceKind, deviceKindOf } from "@/lib/applications/device-kind";

// Real User-Agent strings of the browsers people use, and the ones that say nothing.

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  pixel: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  galaxyTab: "Mozilla/5.0 (Linux; Android 13; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  kindle: "Mozilla/5.0 (Linux; Android 11; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.3.1 like Chrome/126.0.0.0 Safari/537.36",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  linux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
  chromebook: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

describe("deviceKindOf", () => {
  it.each([
    ["an iPhone", UA.iphone, "phone"],
    ["an Android phone (Chrome)", UA.pixel, "phone"],
    ["an Android phone (Firefox)", UA.firefoxAndroid, "phone"],
    ["an iPad", UA.ipad, "tablet"],
    ["an Android tablet (no 'Mobile')", UA.galaxyTab, "tablet"],
    ["a Kindle", UA.kindle, "tablet"],
    ["Windows", UA.windows, "computer"],
    ["a Mac", UA.mac, "computer"],
    ["Linux", UA.linux, "computer"],
    ["a Chromebook", UA.chromebook, "computer"],
    ["curl", "curl/8.5.0", "other"],
    ["nothing", "", "other"],
  ])("%s is a %s", (_, ua, kind) => expect(deviceKindOf(ua)).toBe(kind));

  it("believes the mobile client hint when the User-Agent is reduced", () => {
    expect(deviceKindOf(UA.linux.replace("X11; Linux x86_64", "Linux; Android 10; K"), "?1")).toBe("phone");
    expect(deviceKindOf(null, "?1")).toBe("phone");
    expect(deviceKindOf(UA.windows, "?0")).toBe("computer");
  });

  it("reads stored values back, anything unknown as 'other'", () => {
    expect(asDeviceKind("tablet")).toBe("tablet");
    expect(asDeviceKind(null)).toBe("other");
    expect(asDeviceKind("toaster")).toBe("other");
  });
});
