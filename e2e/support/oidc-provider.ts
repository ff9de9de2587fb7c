import type { Server } from "node:http";
import { randomBytes } from "node:crypto";
import { freePort } from "./spawn-server";

// A real OpenID provider on a free local port (oidc-provider with its development login and consent pages).
// Whoever signs in there is the identity (`sub`) typed as "login". By default its email is that login, verified;
// a spec gives an identity another email, or an unverified one, with `setProfile`, and can make the provider drop
// the nonce of the next authorization requests (as a token minted for another request would lack it).

export type OidcProfile = { email: string; emailVerified: boolean };
export type LocalOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims of identity `sub` from now on. */
  setProfile: (sub: string, profile: OidcProfile) => void;
  /** While true, authorization requests reach the provider without their nonce. */
  dropNonce: (drop: boolean) => void;
  /** The nonce of the last authorization request as the portal sent it (undefined: none). */
  lastNonce: () => string | undefined;
  stop: () => Promise<void>;
};

export async function startOidcProvider(redirectUri: string): Promise<LocalOidc> {
  const { Provider } = await import("oidc-provider");
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "card-portal";
  const clientSecret = randomBytes(24).toString("hex");
  const profiles = new Map<string, OidcProfile>();
  let dropping = false;
  let nonce: string | undefined;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ["authorization_code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries the email itself (next-auth reads the profile from it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: async (_context, sub) => {
      const profile = profiles.get(sub) ?? { email: sub, emailVerified: true };
      return {
        accountId: sub,
        claims: async () => ({ sub, email: profile.email, email_verified: profile.emailVerified, name: `OIDC ${sub.split("@")[0]}` }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    if (ctx.path === "/auth" && ctx.method === "GET") {
      const query = new URLSearchParams(ctx.querystring);
      nonce = query.get("nonce") ?? undefined;
      if (dropping) {
        query.delete("nonce");
        ctx.querystring = query.toString();
      }
    }
    await next();
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    setProfile: (sub, profile) => void profiles.set(sub, profile),
    dropNonce: (drop) => void (dropping = drop),
    lastNonce: () => nonce,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
