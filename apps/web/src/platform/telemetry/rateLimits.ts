import { DEDUP_MAX, DEDUP_MESSAGE_CHARS, DEDUP_STACK_CHARS, DEDUP_WINDOW_MS, ERRORS_PER_MINUTE, ERRORS_PER_SESSION } from './limits';

/** Times (ms) still inside `windowMs` before `now`. */
function recent(times: number[], now: number, windowMs: number): number[] {
  return times.filter((at) => now - at < windowMs);
}

/**
 * Duplicate log entries: at most DEDUP_MAX identical ones per DEDUP_WINDOW_MS are let through (spec
 * part 1 §6, §9). Identical means the same first 256 characters of the message and 512 of the stack.
 */
export class Dedup {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /** Whether this entry may go on; counts it when it may. */
  allow(message: string, stack: string | null | undefined): boolean {
    const at = this.now();
    const key = `${message.slice(0, DEDUP_MESSAGE_CHARS)}\n${(stack ?? '').slice(0, DEDUP_STACK_CHARS)}`;
    const times = recent(this.seen.get(key) ?? [], at, DEDUP_WINDOW_MS);
    // Keys with nothing in the window are forgotten, so the map stays as small as a minute's messages.
    if (this.seen.size > 1000) for (const [k, v] of this.seen) if (recent(v, at, DEDUP_WINDOW_MS).length === 0) this.seen.delete(k);
    if (times.length >= DEDUP_MAX) return false;
    this.seen.set(key, [...times, at]);
    return true;
  }
}

/** Error forwarding: at most ERRORS_PER_MINUTE in any 60 s and ERRORS_PER_SESSION in the page's life (spec part 1 §7, §9). */
export class ErrorBudget {
  private times: number[] = [];
  private total = 0;
  /** Errors refused by either limit. */
  dropped = 0;

  constructor(private readonly now: () => number) {}

  take(): boolean {
    const at = this.now();
    this.times = recent(this.times, at, 60_000);
    if (this.total >= ERRORS_PER_SESSION || this.times.length >= ERRORS_PER_MINUTE) {
      this.dropped += 1;
      return false;
    }
    this.times.push(at);
    this.total += 1;
    return true;
  }
}
