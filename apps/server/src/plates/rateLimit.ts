/**
 * A fixed-window request count per client address, in memory (one per server process): the plates
 * endpoints are public and a PDF is large, so one address cannot pull the whole d-TPP in a burst.
 * Kept in memory rather than in the database because it is checked on every plate request.
 */
export class AddressRateLimit {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a request; 0 when allowed, else the whole seconds (at least 1) until the window ends. */
  take(address: string, now: number = Date.now()): number {
    const start = now - (now % this.windowMs);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    return count <= this.max ? 0 : Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
  }
}
