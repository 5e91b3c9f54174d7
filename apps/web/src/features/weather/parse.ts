import { describeIssues, weatherChannelMessageSchema, weatherSnapshotSchemas, type WeatherChannelMessage, type WeatherProductType, type WeatherSnapshotOf } from '@clearway/protocol';

/**
 * Reading the server's weather replies with the protocol's schemas (zod). Loaded only by a dynamic
 * import (snapshotStore.ts, channel.ts), so zod and the weather schemas stay out of the start-up bundle.
 */
export type ParsedSnapshot<T extends WeatherProductType> = { ok: true; snapshot: WeatherSnapshotOf<T> } | { ok: false; reason: string };

/** A `{type}.json` body as that type's snapshot; a body of another type, or one not valid, is refused with the first issues. */
export function parseWeatherSnapshot<T extends WeatherProductType>(type: T, body: unknown): ParsedSnapshot<T> {
  const parsed = weatherSnapshotSchemas[type].safeParse(body);
  if (parsed.success) return { ok: true, snapshot: parsed.data as WeatherSnapshotOf<T> };
  const issues = describeIssues(parsed.error);
  const shown = issues.slice(0, 3).map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ');
  return { ok: false, reason: `${shown}${issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''}` };
}

/** One weather socket message; null when it is not one of the contract's. */
export function parseWeatherChannelMessage(data: unknown): WeatherChannelMessage | null {
  const parsed = weatherChannelMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
