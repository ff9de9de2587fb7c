import "server-only";
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { signInWithOidc, signInWithPassword } from "@/lib/auth/sign-in";
import { getAuthSecret } from "@/lib/crypto/generated-secrets";
import type { StaffUser } from "@/lib/db/schema";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";

/** A session ends this long after sign-in, whatever the activity (checked in lib/auth/staff.ts). */
export const SESSION_MAX_AGE_S = 8 * 60 * 60;

const asUser = (s: StaffUser): User => ({ id: s.id, email: s.email, name: s.name, staffId: s.id, sessionVersion: s.sessionVersion });

async function requestIp(): Promise<string> {
  return clientIp(await headers()).slice(0, 64);
}

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
      checks: ["pkce" as const, "state" as const],
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
      async signIn({ user, account }) {
        if (account?.provider !== "oidc") return Boolean(user.staffId);
        // The provider vouched for the email; only an existing, enabled account with that email may enter.
        const staff = await signInWithOidc(await getDb(), { email: user.email ?? "", ip: await requestIp(), now: new Date() });
        if (!staff) return false;
        Object.assign(user, asUser(staff));
        return true;
      },
      async jwt({ token, user }) {
        if (user?.staffId) return { ...token, staffId: user.staffId, sessionVersion: user.sessionVersion, signedInAt: Date.now() };
        return token;
      },
      async session({ session, token }) {
        const staff = token.staffId
          ? { id: token.staffId, sessionVersion: token.sessionVersion ?? 0, signedInAt: token.signedInAt ?? 0 }
          : undefined;
        return { ...session, staff };
      },
    },
  };
}
