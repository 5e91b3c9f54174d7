/**
 * A fixed-window request counter per key (a customer id or an address). Kept in process memory:
 * with several server processes each enforces the limit on its own share of the traffic.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly clock: () => number = Date.now) {}

  /** Counts one request; returns 0 when allowed, else the seconds until the key may try again. */
  take(key: string): number {
    const now = this.clock();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= this.windowMs) {
      // Drop finished windows now and then so the map cannot grow without bound.
      if (this.windows.size > 10_000) {
        for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
      }
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    window.count += 1;
    return 0;
  }
}
