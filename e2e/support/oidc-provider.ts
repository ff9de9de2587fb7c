import type { Server } from "node:http";
import { randomBytes } from "node:crypto";
import { freePort } from "./spawn-server";

// A real OpenID provider on a free local port (oidc-provider with its development login and consent pages):
// whoever signs in there is the account named by the email typed as "login", and that email is vouched for.

export type LocalOidc = { issuer: string; clientId: string; clientSecret: string; stop: () => Promise<void> };

export async function startOidcProvider(redirectUri: string): Promise<LocalOidc> {
  const { Provider } = await import("oidc-provider");
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "card-portal";
  const clientSecret = randomBytes(24).toString("hex");
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ["authorization_code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries the email itself (next-auth reads the profile from it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: `OIDC ${sub.split("@")[0]}` }),
    }),
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
