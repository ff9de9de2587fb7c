// Each badly signed webhook costs a database write (the hourly failure count the inspector shows). Counted here in
// memory, per client address and per process: past the limit, a bad signature from that address is refused with
// 429 before anything is written. Valid signatures are never refused, so an issuer sharing the address (a
// misconfigured proxy) still delivers; a forger only loses the write it was after.

export type ThrottleLimit = { max: number; windowMs: number };

/** 20 bad signatures a minute per address, per instance: a rotating secret's mistake shows, a flood does not write. */
export const BAD_SIGNATURE_LIMIT: ThrottleLimit = { max: 20, windowMs: 60_000 };
/** Beyond this many addresses the oldest windows are forgotten first (bounded memory under spoofed floods). */
const MAX_ADDRESSES = 10_000;

export class SignatureThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: ThrottleLimit = BAD_SIGNATURE_LIMIT) {}

  /** Counts one bad signature from `address` at `now` (ms); the seconds to wait once past the limit, else undefined. */
  fail(address: string, now: number): number | undefined {
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.limit.windowMs) {
      this.windows.delete(address);
      this.forgetOldest();
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= this.limit.max) return undefined;
    return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000));
  }

  private forgetOldest(): void {
    if (this.windows.size < MAX_ADDRESSES) return;
    const oldest = this.windows.keys().next().value;
    if (oldest !== undefined) this.windows.delete(oldest);
  }
}

/** This process's throttle (instances do not share it: the limit is per instance, and cheap). */
export const processSignatureThrottle = new SignatureThrottle();
