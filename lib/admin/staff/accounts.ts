import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { emailAccountLink } from "@/lib/admin/staff/account-mail";
import { recordStaffAction } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/password";
import type { StaffRole } from "@/lib/auth/roles";
import type { Staff } from "@/lib/auth/current-staff";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { StaffUser } from "@/lib/db/schema";
import {
  countActiveAdmins,
  createStaffUser,
  findStaffUser,
  findStaffUserByPasswordToken,
  listStaffUsers,
  lockStaffRoles,
  updateStaffUser,
} from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { mailSettings, type MailSettings } from "@/lib/mail/settings";

// Staff management (admins) and passwords. A change of role, a disabled account or a new password raises the
// session version: every session of that account ends at once. Every change lands in the audit log.

/** A set-password link works once and for 7 days. */
export const PASSWORD_LINK_TTL_MS = 7 * 24 * 3_600_000;
export const MIN_PASSWORD_LENGTH = 12;

/** `mail` and `keys` (the deployment keyring, which seals staff emails): absent in tests that do not look at mail. */
export type StaffDeps = { db: Database; now: () => Date; appUrl: string; mail?: MailSettings; keys?: Keyring };
export type PublicStaff = Pick<StaffUser, "id" | "email" | "name" | "role"> & {
  disabled: boolean;
  passwordSet: boolean;
  lastSignInAt: string | null;
  /** Bound to an identity at the merchant's OpenID Connect provider (lib/auth/oidc-sign-in.ts). */
  companySignIn: boolean;
};

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
export const publicStaff = (u: StaffUser): PublicStaff => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled: Boolean(u.disabledAt),
  passwordSet: Boolean(u.passwordHash),
  lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  companySignIn: Boolean(u.oidcSubject),
});

function passwordLink(deps: StaffDeps) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(deps.now().getTime() + PASSWORD_LINK_TTL_MS);
  const columns = { passwordTokenHash: hash(token), passwordTokenExpiresAt: expiresAt };
  return { url: `${deps.appUrl}/admin/set-password/${token}`, expiresAt, columns };
}

export async function target(deps: StaffDeps, id: string): Promise<StaffUser> {
  const user = /^[0-9a-f-]{36}$/i.test(id) ? await findStaffUser(deps.db, id) : undefined;
  if (!user) throw new PortalError("NOT_FOUND", "No staff account was found.");
  return user;
}

/**
 * A new account; its owner sets a password through the one-time link, emailed to them (when mail is on) in the
 * account's transaction and answered here too, for the admin to pass on if the email does not arrive.
 */
export async function addStaff(deps: StaffDeps, actor: Staff, input: { email: string; name: string; role: StaffRole }) {
  const link = passwordLink(deps);
  return deps.db.transaction(async (tx) => {
    const user = await createStaffUser(tx, { ...input, passwordHash: null, ...link.columns, createdAt: deps.now(), updatedAt: deps.now() });
    if (!user)
      throw new PortalError("VALIDATION_ERROR", "A staff account with this email exists already.", { email: "errors.staff.email_taken" });
    const emailed = await emailAccountLink(tx, deps, user, "staff_invite", link);
    await recordStaffAction(tx, actor, "staff.created", { target: user.email, detail: { role: user.role, emailed } }, deps.now());
    return { staff: publicStaff(user), setPasswordUrl: link.url, emailed };
  });
}

/**
 * Name, role or enabled state. The last enabled admin keeps the role, and nobody disables their own account. The
 * check and the change are one transaction under a lock, so two admins demoting each other at once leave one.
 */
export async function changeStaff(
  deps: StaffDeps,
  actor: Staff,
  id: string,
  patch: { name?: string; role?: StaffRole; disabled?: boolean },
) {
  const changed = await deps.db.transaction(async (tx) => {
    await lockStaffRoles(tx);
    const user = await target({ ...deps, db: tx }, id);
    const losesAdmin = user.role === "admin" && !user.disabledAt && ((patch.role && patch.role !== "admin") || patch.disabled === true);
    if (losesAdmin && (await countActiveAdmins(tx)) <= 1) {
      throw new PortalError("INVALID_STATE", "The last admin cannot lose the role or be disabled.", { role: "errors.staff.last_admin" });
    }
    if (patch.disabled === true && user.id === actor.id) {
      throw new PortalError("INVALID_STATE", "You cannot disable your own account.", { disabled: "errors.staff.self" });
    }
    const endSessions =
      (patch.role !== undefined && patch.role !== user.role) ||
      (patch.disabled !== undefined && patch.disabled !== Boolean(user.disabledAt));
    const columns = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.disabled !== undefined ? { disabledAt: patch.disabled ? deps.now() : null } : {}),
    };
    const after = await updateStaffUser(tx, user.id, columns, endSessions, deps.now());
    const detail = { ...patch, sessions_ended: endSessions };
    await recordStaffAction(tx, actor, "staff.changed", { target: user.email, detail }, deps.now());
    return after ?? user;
  });
  return publicStaff(changed);
}

/** The password stops working at once; its owner chooses a new one through the link emailed to them and answered here. */
export async function resetStaffPassword(deps: StaffDeps, actor: Staff, id: string) {
  const link = passwordLink(deps);
  return deps.db.transaction(async (tx) => {
    const user = await target({ ...deps, db: tx }, id);
    await updateStaffUser(tx, user.id, { passwordHash: null, ...link.columns }, true, deps.now());
    const emailed = await emailAccountLink(tx, deps, user, "staff_password_reset", link);
    await recordStaffAction(tx, actor, "staff.password_reset", { target: user.email, detail: { emailed } }, deps.now());
    return { setPasswordUrl: link.url, emailed };
  });
}

/**
 * Unlinks the account from its company identity (OpenID Connect), e.g. after that identity was recreated at the
 * provider: its sessions end, and the next sign-in with a verified email of the account binds it again.
 */
export async function unlinkStaffOidc(deps: StaffDeps, actor: Staff, id: string) {
  const user = await target(deps, id);
  if (!user.oidcSubject) return publicStaff(user);
  const changed = await updateStaffUser(deps.db, user.id, { oidcIssuer: null, oidcSubject: null }, true, deps.now());
  const detail = { issuer: user.oidcIssuer, sessions_ended: true };
  await recordStaffAction(deps.db, actor, "staff.oidc_unlinked", { target: user.email, detail }, deps.now());
  return publicStaff(changed ?? user);
}

export function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 256) {
    throw new PortalError("VALIDATION_ERROR", `A password has ${MIN_PASSWORD_LENGTH} to 256 characters.`, {
      password: "errors.staff.password_length",
    });
  }
}

/** The one-time link: sets the password and ends the link (and any session of the account). */
export async function setPasswordWithToken(deps: StaffDeps, token: string, password: string, ip: string) {
  const user = token.length >= 40 ? await findStaffUserByPasswordToken(deps.db, hash(token)) : undefined;
  if (!user || !user.passwordTokenExpiresAt || user.passwordTokenExpiresAt <= deps.now() || user.disabledAt) {
    throw new PortalError("NOT_FOUND", "This link has been used already or has expired. Ask an admin for a new one.");
  }
  checkPassword(password);
  await updateStaffUser(
    deps.db,
    user.id,
    { passwordHash: await hashPassword(password), passwordTokenHash: null, passwordTokenExpiresAt: null },
    true,
    deps.now(),
  );
  await recordStaffAction(deps.db, { id: user.id, email: user.email, ip }, "staff.password_set", { target: user.email }, deps.now());
  return { email: user.email };
}

export async function processStaffDeps(): Promise<StaffDeps> {
  return { db: await getDb(), now: () => new Date(), appUrl: getEnv().appUrl, mail: mailSettings(), keys: getKeyring() };
}

export async function listStaff(deps: StaffDeps): Promise<PublicStaff[]> {
  return (await listStaffUsers(deps.db)).map(publicStaff);
}

/** The email a one-time set-password link was made for, while it still works (for the link's page); else undefined. */
export async function passwordLinkOwner(deps: StaffDeps, token: string): Promise<string | undefined> {
  const user = token.length >= 40 && token.length <= 100 ? await findStaffUserByPasswordToken(deps.db, hash(token)) : undefined;
  const works = user && user.passwordTokenExpiresAt && user.passwordTokenExpiresAt > deps.now() && !user.disabledAt;
  return works ? user.email : undefined;
}
