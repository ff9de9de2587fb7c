import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

// Starts a second server in live mode with nothing configured: it must stop at once and name every problem.
test("live mode without its required variables stops the start with one message naming each", async ({}, testInfo) => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port)], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ISSUER_BASE_URL: "https://issuer.example.com",
      NEXTAUTH_SECRET: "short",
      DATA_DIR: testInfo.outputPath("data"),
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 30_000);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  expect(code, output).toBe(1);
  expect(output).toContain("The portal cannot start: 4 configuration problem(s) (live mode");
  for (const problem of [
    "ISSUER_API_KEY is required in live mode",
    "ISSUER_API_SECRET is required in live mode",
    "ISSUER_WEBHOOK_SECRET is required in live mode",
    "NEXTAUTH_SECRET must be at least 32 characters",
  ]) {
    expect(output).toContain(problem);
  }
});
