import "server-only";
import path from "node:path";
import { verifyPassword } from "@/lib/auth/password";
import { generatedSecret } from "@/lib/crypto/generated-secrets";
import { findStaffUserByEmail } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";
import type { Env } from "@/lib/env";

/** The file in DATA_DIR/secrets that keeps the sandbox's demo admin password. */
export const DEMO_ADMIN_PASSWORD_FILE = "demo-admin-password";

export type FirstAdmin = { email: string; password: string; generated: boolean };

/**
 * The account a start creates when there is none: ADMIN_EMAIL/ADMIN_PASSWORD, or in sandbox mode the demo admin
 * with a password generated once into DATA_DIR/secrets, so that no sandbox shares a password anybody could know.
 */
export function firstAdmin(env: Pick<Env, "mode" | "admin" | "dataDir">): FirstAdmin | undefined {
  if (!env.admin) return undefined;
  if (env.admin.password) return { email: env.admin.email, password: env.admin.password, generated: false };
  if (env.mode !== "sandbox") return undefined;
  return { email: env.admin.email, password: generatedSecret(DEMO_ADMIN_PASSWORD_FILE, env.dataDir, 18), generated: true };
}

export const demoAdminPasswordPath = (dataDir: string) => path.join(dataDir, "secrets", DEMO_ADMIN_PASSWORD_FILE);

/** Whether `login` opens an enabled account: the start-up banner prints only a password that does. */
export async function signsIn(db: Database, login: { email: string; password: string }): Promise<boolean> {
  const user = await findStaffUserByEmail(db, login.email);
  return Boolean(user && !user.disabledAt && user.passwordHash && (await verifyPassword(login.password, user.passwordHash)));
}
