// The browser for e2e: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
import { existsSync } from "node:fs";

export async function findBrowser() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  candidates.push("/usr/bin/chromium");
  try {
    const { chromium } = await import("@playwright/test");
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright's registry path is optional.
  }
  return candidates.find((c) => c && existsSync(c));
}
