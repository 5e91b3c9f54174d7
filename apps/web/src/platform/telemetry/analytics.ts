import { ANALYTICS_BATCH_MAX } from '@clearway/protocol';
import { ANALYTICS_QUEUE_MAX, type SendResult } from './limits';
import type { AnalyticsEvent, AnalyticsValue } from '@clearway/protocol';
import type { QueueStore } from './queueStore';

export type { AnalyticsEvent, AnalyticsValue };

export interface AnalyticsDeps {
  now: () => number;
  store: QueueStore<AnalyticsEvent>;
  /** Sends one batch of at most ANALYTICS_BATCH_MAX events. */
  send: (events: AnalyticsEvent[]) => Promise<SendResult>;
}

export interface Analytics {
  track(name: string, props?: Record<string, AnalyticsValue>): Promise<void>;
  /** Sends the queue in batches of ANALYTICS_BATCH_MAX, oldest first, until it is empty or a batch fails; answers the events sent. */
  flush(): Promise<number>;
  /** Events dropped from a full queue (the oldest go first). */
  readonly dropped: { queueFull: number; refused: number };
}

/**
 * Product analytics (spec part 1 §7 "Product analytics: events captured; offline they are queued
 * locally and replayed on reconnect, when the tab becomes visible and every 30 s", §9): every event
 * joins a local queue of at most ANALYTICS_QUEUE_MAX and leaves it only when the server took it.
 */
export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const dropped = { queueFull: 0, refused: 0 };
  let flushing: Promise<number> | null = null;

  // Queue writes in call order; a flush first waits for the ones already asked for.
  let writes: Promise<unknown> = Promise.resolve();

  async function drain(): Promise<number> {
    await writes;
    let sent = 0;
    for (;;) {
      const items = await deps.store.head(ANALYTICS_BATCH_MAX);
      if (items.length === 0) return sent;
      const result = await deps.send(items.map((item) => item.value));
      if (result === 'failed') return sent;
      await deps.store.remove(items.map((item) => item.key));
      if (result === 'ok') sent += items.length;
      else dropped.refused += items.length;
    }
  }

  return {
    dropped,
    track(name, props) {
      const event: AnalyticsEvent = { name, ts: deps.now(), ...(props === undefined ? {} : { props }) };
      const write = writes.then(async () => {
        dropped.queueFull += await deps.store.push([event], ANALYTICS_QUEUE_MAX);
      });
      writes = write.catch(() => undefined);
      return write;
    },
    flush() {
      flushing ??= drain().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}
