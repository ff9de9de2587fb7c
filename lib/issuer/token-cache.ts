export type IssuedToken = { token: string; expiresInSeconds: number };

/**
 * Holds the upstream access token. Renews it before expiry (5 minutes, or a tenth of its life if shorter),
 * and coalesces concurrent renewals into one token call. In memory only: a cache, not state.
 */
export class TokenCache {
  private current: { token: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly issue: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return this.current.token;
    return this.renew();
  }

  /** Forgets a token the upstream refused (401), unless a newer one replaced it already. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private renew(): Promise<string> {
    if (!this.pending) {
      const started = this.now();
      this.pending = this.issue()
        .then(({ token, expiresInSeconds }) => {
          const lifeMs = Math.max(0, expiresInSeconds * 1000);
          this.current = { token, renewAt: started + lifeMs - Math.min(300_000, lifeMs / 10) };
          return token;
        })
        .finally(() => {
          this.pending = undefined;
        });
    }
    return this.pending;
  }
}
