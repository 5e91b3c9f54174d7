import { DOWNLOAD_ROOT_KEYS, type ClientConfig } from '@clearway/protocol';

// Which nav data region the app loads and where its channel's files live. Kept apart from
// navIndex.ts (which parses the index with the protocol's zod schemas) so that the search box and
// the map can name the airports overview without bringing zod into the start-up bundle.

/** The region loaded unless the user picks another (a setting in a later issue). */
export const DEFAULT_NAV_REGION = 'us';

/** The download root of the configuration's data channel, e.g. `http://host/downloads/dev`. */
export function downloadRootFor(config: ClientConfig): string {
  return config.endpoints[DOWNLOAD_ROOT_KEYS[config.dataChannel]].replace(/(?<!\/)\/+$/, '');
}
