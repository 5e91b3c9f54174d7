/** A property value of a product analytics event. */
export type AnalyticsValue = string | number | boolean | null;

/** One product analytics event as the web app queues it and `POST /api/analytics` takes it. */
export interface AnalyticsEvent {
  /** Lower-case name, e.g. `page_view` (the server takes 1 to 64 of a-z 0-9 _ . : -, starting with a letter). */
  name: string;
  /** When it happened on the device, ms since the epoch. */
  ts: number;
  /** Its properties; null or absent when it had none. */
  props?: Record<string, AnalyticsValue> | null;
}

/** The body of `POST /api/analytics`: one device's batch. */
export interface AnalyticsBatch {
  /** The device's id (prefs property uuid). */
  uuid: string;
  version: string;
  env: string;
  events: AnalyticsEvent[];
}

/** Events in one batch at most (spec part 1 §9: analytics batch 100). */
export const ANALYTICS_BATCH_MAX = 100;
