import { IssuerError } from "@/lib/issuer/errors";

/**
 * Stops calling an issuer that is down: after `threshold` outages in a row (network errors, timeouts, 5xx; ten by
 * default, so that scattered errors of a working issuer never trip it, a real outage within a few calls) every
 * call fails at once for `cooldownMs`, instead of each one waiting out its timeouts and retries. After the
 * cool-down calls go through again; the first outage re-opens it, the first answer closes it. In memory: per process.
 */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;

  constructor(
    private readonly threshold = 10,
    private readonly cooldownMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get isOpen(): boolean {
    return this.now() < this.openUntil;
  }

  /**
   * Throws CIRCUIT_OPEN (503, so callers answer "the issuer is not answering") while open, with the seconds left of
   * the cool-down: a client that waits them out tries again when a call can go through, not into the open breaker.
   */
  enter(requestId: string): void {
    if (this.isOpen) {
      const left = Math.max(1, Math.ceil((this.openUntil - this.now()) / 1000));
      throw new IssuerError(
        "CIRCUIT_OPEN",
        "The issuer failed several times in a row; calls pause for a few seconds.",
        503,
        requestId,
        undefined,
        left,
      );
    }
  }

  record(outcome: "answer" | "outage"): void {
    if (outcome === "answer") {
      this.failures = 0;
      this.openUntil = 0;
      return;
    }
    this.failures += 1;
    if (this.failures >= this.threshold) this.openUntil = this.now() + this.cooldownMs;
  }
}
