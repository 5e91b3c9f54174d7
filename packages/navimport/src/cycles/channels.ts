import { cycleAt, nextCycle, type AiracCycle } from './airac.js';

/**
 * Release channels of nav data (spec part 1 §9: prod reads current, beta next, dev/qa dev). Spelled
 * here rather than imported from @clearway/protocol, which navimport may not depend on; keep the two
 * lists (protocol's DATA_CHANNELS) the same.
 */
export const RELEASE_CHANNELS = ['current', 'next', 'dev'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

export function isReleaseChannel(value: string): value is ReleaseChannel {
  return (RELEASE_CHANNELS as readonly string[]).includes(value);
}

/**
 * The cycle a channel carries at `now`:
 * - `current`: the cycle in force, what pilots fly with;
 * - `next`: the following cycle, which the FAA publishes about three weeks ahead, so beta testers
 *   see it before it takes effect;
 * - `dev`: also the following cycle. Developers and QA work against the newest data there is, so
 *   importer problems show up before a cycle reaches beta. dev differs from next in how often it is
 *   rebuilt (every import change), not in which cycle it carries.
 * Early in a cycle the FAA may not have published the next one yet; a download for next or dev then
 * fails with a 404 that names the cycle, and the channel keeps its previous build.
 */
export function channelCycle(channel: ReleaseChannel, now: Date): AiracCycle {
  const current = cycleAt(now);
  return channel === 'current' ? current : nextCycle(current);
}
