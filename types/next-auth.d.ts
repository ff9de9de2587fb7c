import type { DefaultSession } from "next-auth";

// What the portal keeps in a staff session: who (the account id), which version of the account signed in, and the
// server-side session (lib/auth/sessions.ts) that sign-out ends.
// Role, name and enabled state are read from the database on every request (lib/auth/current-staff.ts).

declare module "next-auth" {
  interface User {
    staffId?: string;
    sessionVersion?: number;
  }
  interface Session {
    staff?: { id: string; sessionVersion: number; signedInAt: number; sid: string };
    user?: DefaultSession["user"];
  }
  /** The ID token's claims the OpenID Connect sign-in reads (lib/auth/oidc-sign-in.ts). */
  interface Profile {
    iss?: string;
    email_verified?: unknown;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    staffId?: string;
    sessionVersion?: number;
    /** Milliseconds since the epoch: a session ends 8 hours after sign-in, whatever the activity. */
    signedInAt?: number;
    /** The server-side session's id (only its hash is stored). */
    sid?: string;
  }
}
