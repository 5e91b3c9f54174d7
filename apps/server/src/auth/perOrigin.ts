/**
 * Values made on first use for each origin the server is reached at (the built-in provider and the
 * relying party's issuer configuration, whose addresses are fixed when they are made). At most
 * `limit` are kept, the least recently used dropped first, so a client cycling through allowed
 * Host headers cannot grow memory; a dropped one is made again on its next use. A failed make is
 * forgotten, so the next use retries (the database may have been down).
 */
export class PerOrigin<T> {
  private readonly made = new Map<string, Promise<T>>();

  constructor(
    private readonly make: (origin: string) => Promise<T>,
    private readonly limit = 16,
  ) {}

  get(origin: string): Promise<T> {
    const known = this.made.get(origin);
    if (known !== undefined) {
      // Map order is insertion order: moving it to the end marks it most recently used.
      this.made.delete(origin);
      this.made.set(origin, known);
      return known;
    }
    const value = this.make(origin);
    this.made.set(origin, value);
    value.catch(() => {
      if (this.made.get(origin) === value) this.made.delete(origin);
    });
    for (const oldest of this.made.keys()) {
      if (this.made.size <= this.limit) break;
      this.made.delete(oldest);
    }
    return value;
  }

  /** How many are kept (tests). */
  get size(): number {
    return this.made.size;
  }
}
