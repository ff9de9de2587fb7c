import { readdirSync } from "node:fs";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { freePort, startServer, waitForHttp, type Started } from "./spawn-server";

// For the data-at-rest specs: a live-mode portal on a data folder of its own, talking to the issuer sandbox served
// by a second process (whose own tables simulate the issuer and may hold the data), as a real deployment would.

export type LivePair = { sandbox: Started; portal: Started; origin: string; sandboxOrigin: string; portalDir: string };

/** Starts both and waits until they answer; `env` adds to (or overrides) the portal's environment. */
export async function startLivePair(testInfo: TestInfo, env: Record<string, string> = {}): Promise<LivePair> {
  const [sPort, pPort] = [await freePort(), await freePort()];
  const sandboxOrigin = `http://127.0.0.1:${sPort}`;
  const origin = `http://127.0.0.1:${pPort}`;
  const portalDir = testInfo.outputPath("portal-data");
  const sandbox = startServer(sPort, {
    DATA_DIR: testInfo.outputPath("sandbox-data"),
    APP_URL: sandboxOrigin,
    SANDBOX_WEBHOOK_URL: `${origin}/api/webhooks/issuer`,
    SANDBOX_APPROVAL_DELAY_MS: "200",
  });
  const portal = startServer(pPort, {
    PORTAL_MODE: "live",
    DATA_DIR: portalDir,
    APP_URL: origin,
    ISSUER_BASE_URL: `${sandboxOrigin}/sandbox`,
    ISSUER_API_KEY: "sandbox_key",
    ISSUER_API_SECRET: "sandbox_secret",
    ISSUER_WEBHOOK_SECRET: "sandbox_webhook_secret",
    NEXTAUTH_SECRET: "n".repeat(40),
    DATA_ENCRYPTION_KEY: "k".repeat(40),
    HOST: "127.0.0.1",
    MAIL_DISABLED: "1",
    ...env,
  });
  await waitForHttp(`${sandboxOrigin}/api/health`);
  await waitForHttp(`${origin}/api/health`);
  return { sandbox, portal, origin, sandboxOrigin, portalDir };
}

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}

/** Every folder under `dir`, at any depth. */
export const foldersUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? [path.join(dir, e.name), ...foldersUnder(path.join(dir, e.name))] : [],
  );
