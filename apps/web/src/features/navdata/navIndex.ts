import {
  describeIssues,
  navdataArtifactSchema,
  navdataIndexUrl,
  type ClientConfig,
  type NavdataArtifact,
} from '@clearway/protocol';
import { downloadRootFor } from './navRegion';

/**
 * The server's list of published nav data artifacts for one channel (protocol `NavdataIndex`):
 * GET {download root}/navdata/index.json.
 */
export interface NavIndex {
  channel: string;
  artifacts: NavdataArtifact[];
}


/** The channel's index address. */
export function navIndexUrl(config: ClientConfig): string {
  return navdataIndexUrl(downloadRootFor(config));
}

/** Where an artifact is downloaded from: its url (absolute in the protocol) resolved against the index's address. */
export function artifactUrl(artifact: NavdataArtifact, indexUrl: string): string {
  return new URL(artifact.url, indexUrl).href;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads an index.json body with the protocol's artifact schema, entry by entry: an invalid entry is
 * left out (and described in `skipped`) so one bad artifact does not hide the others. A body that is
 * not an index at all throws.
 */
export function parseNavIndex(body: unknown): { index: NavIndex; skipped: string[] } {
  if (!isObject(body) || !Array.isArray(body.artifacts)) throw new Error('The nav data index is not valid (no artifacts list)');
  const skipped: string[] = [];
  const artifacts: NavdataArtifact[] = [];
  body.artifacts.forEach((raw: unknown, i) => {
    const parsed = navdataArtifactSchema.safeParse(raw);
    if (parsed.success) artifacts.push(parsed.data);
    else skipped.push(`artifacts[${i}]: ${describeIssues(parsed.error).map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  });
  return { index: { channel: typeof body.channel === 'string' ? body.channel : '', artifacts }, skipped };
}

/**
 * The artifact to load: the wanted region's, else (a server that publishes only other regions) the
 * first listed; null when the index lists none this app can read.
 */
export function chooseArtifact(index: NavIndex, region: string, readableFormat: (version: number) => boolean): NavdataArtifact | null {
  const readable = index.artifacts.filter((a) => readableFormat(a.formatVersion));
  return readable.find((a) => a.region === region) ?? readable[0] ?? null;
}
