import "server-only";
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { signInWithOidc, type OidcRefusal } from "@/lib/auth/oidc-sign-in";
import { endStaffSession, SESSION_MAX_AGE_S, startStaffSession } from "@/lib/auth/sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { getAuthSecret } from "@/lib/crypto/generated-secrets";
import type { StaffUser } from "@/lib/db/schema";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";

const asUser = (s: StaffUser): User => ({ id: s.id, email: s.email, name: s.name, staffId: s.id, sessionVersion: s.sessionVersion });

async function requestIp(): Promise<string> {
  return clientIp(await headers()).slice(0, 64);
}

/** Refusals the person can do something about get their own message on the sign-in page; the rest one plain refusal. */
const REFUSAL_PAGE: Partial<Record<OidcRefusal, string>> = { unverified: "OidcUnverified", domain: "OidcDomain" };

function oidcProvider() {
  const oidc = getEnv().oidc;
  if (!oidc) return [];
  return [
    {
      id: "oidc",
      name: "OpenID Connect",
      type: "oauth" as const,
      wellKnown: `${oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      // The nonce ties the ID token to this browser's sign-in: a token minted for another request is refused.
      checks: ["pkce" as const, "state" as const, "nonce" as const],
      profile: (profile: { sub: string; email?: string; name?: string }) => ({
        id: profile.sub,
        email: profile.email ?? "",
        name: profile.name ?? "",
      }),
    },
  ];
}

/** next-auth (4.24, JWT sessions: the Credentials provider works with nothing else) for the staff area. */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/admin/sign-in", error: "/admin/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const staff = await signInWithPassword(await getDb(), {
            email: String(credentials?.email ?? "").slice(0, 320),
            password: String(credentials?.password ?? "").slice(0, 1024),
            ip: await requestIp(),
            now: new Date(),
          });
          return staff ? asUser(staff) : null;
        },
      }),
      ...oidcProvider(),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.provider !== "oidc") return Boolean(user.staffId);
        // The ID token's claims (next-auth checked its signature, issuer, audience, nonce); lib/auth/oidc-sign-in.ts decides.
        const claims = { issuer: profile?.iss, subject: profile?.sub, email: profile?.email, emailVerified: profile?.email_verified };
        const input = { ip: await requestIp(), now: new Date(), allowedDomains: getEnv().oidc?.allowedDomains };
        const result = await signInWithOidc(await getDb(), claims, input);
        if (!result.ok) {
          const page = REFUSAL_PAGE[result.reason];
          return page ? `${getEnv().appUrl}/admin/sign-in?error=${page}` : false;
        }
        Object.assign(user, asUser(result.staff));
        return true;
      },
      async jwt({ token, user }) {
        if (!user?.staffId) return token;
        const sid = await startStaffSession(await getDb(), user.staffId, new Date());
        return { ...token, staffId: user.staffId, sessionVersion: user.sessionVersion, signedInAt: Date.now(), sid };
      },
      async session({ session, token }) {
        const staff =
          token.staffId && token.sid
            ? { id: token.staffId, sessionVersion: token.sessionVersion ?? 0, signedInAt: token.signedInAt ?? 0, sid: token.sid }
            : undefined;
        return { ...session, staff };
      },
    },
    events: {
      // Sign-out ends the session on the server too: a copy of the cookie stops working.
      async signOut({ token }) {
        if (token?.sid) await endStaffSession(await getDb(), token.sid, await requestIp());
      },
    },
  };
}
