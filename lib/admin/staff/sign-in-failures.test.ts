import { describe, expect, it } from "vitest";
import { FAILURES_WINDOW_MS, signInFailuresByEmail } from "@/lib/admin/staff/sign-in-failures";
import { recordSignInAttempt } from "@/lib/db/staff-sign-in";
import { testEngines, useTestDatabase } from "@/lib/db/testing";

// What admins see of an account's failed sign-ins: the last day's failures and throttled attempts counted apart,
// the latest failures listed (never the throttled ones, nor successes), each with when, from where and how.

const NOW = new Date("2030-05-06T07:08:09Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(testEngines())("failed sign-ins per account on %s", (_engine, open) => {
  const database = useTestDatabase(open);
  const db = () => database().db;

  it("counts the last day's failures and throttled attempts, and lists the latest failures", async () => {
    const email = "watched@example.com";
    const attempt = (outcome: string, ms: number, method: "password" | "oidc" | "current_password" = "password") =>
      recordSignInAttempt(db(), { email, ip: `10.3.0.${ms % 250}`, outcome, method, at: ago(ms) });
    await attempt("bad_credentials", FAILURES_WINDOW_MS + 1000); // too old
    for (let k = 1; k <= 6; k++) await attempt("bad_credentials", k * 1000);
    await attempt("throttled", 500);
    await attempt("success", 400);
    await attempt("oidc_subject", 300, "oidc");
    await attempt("bad_credentials", 200, "current_password");
    const found = await signInFailuresByEmail({ db: db(), now: () => NOW, appUrl: "http://portal.test" }, [email, "quiet@example.com"]);
    expect(found.has("quiet@example.com")).toBe(false);
    const mine = found.get(email);
    expect([mine?.failed, mine?.throttled]).toEqual([8, 1]);
    expect(mine?.recent.map((r) => [r.kind, r.ip, r.at.toISOString()])).toEqual([
      ["current_password", "10.3.0.200", ago(200).toISOString()],
      ["oidc_subject", "10.3.0.50", ago(300).toISOString()],
      ["bad_credentials", "10.3.0.0", ago(1000).toISOString()],
      ["bad_credentials", "10.3.0.0", ago(2000).toISOString()],
      ["bad_credentials", "10.3.0.0", ago(3000).toISOString()],
    ]);
  });
});
