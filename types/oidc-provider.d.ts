// The part of oidc-provider (9.x, no bundled types) that e2e/support/oidc-provider.ts uses to run a local
// OpenID provider for the staff sign-in test.

declare module "oidc-provider" {
  import type { Server } from "node:http";

  export type AccountClaims = { sub: string } & Record<string, unknown>;
  export type Account = { accountId: string; claims: () => Promise<AccountClaims> };

  export type ProviderConfiguration = {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (context: unknown, sub: string) => Promise<Account | undefined>;
    cookies?: { keys?: string[] };
  };

  /** The part of Koa's context a middleware of the test provider reads and changes. */
  export type Context = { path: string; method: string; querystring: string };

  export class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    listen(port: number, callback?: () => void): Server;
    /** A Koa middleware run before the provider's own routes. */
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): this;
  }
}
