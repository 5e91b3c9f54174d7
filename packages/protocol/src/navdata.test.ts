import { describe, expect, it } from 'vitest';
import { endpointsForOrigin } from './endpoints.js';
import { DATA_CHANNELS } from './environments.js';
import { navdataIndexSchema, navdataRegionSchema } from './navdata.js';
import { DOWNLOAD_ROOT_KEYS, NAVDATA_OVERVIEW_LAYERS, navdataArtifactUrl, navdataIndexUrl, navdataOverviewUrl } from './navdataPaths.js';

describe('nav data downloads', () => {
  const endpoints = endpointsForOrigin('https://clearway.example');

  it('puts each channel under its download root', () => {
    expect(DATA_CHANNELS.map((channel) => navdataIndexUrl(endpoints[DOWNLOAD_ROOT_KEYS[channel]]))).toEqual([
      'https://clearway.example/downloads/current/navdata/index.json',
      'https://clearway.example/downloads/next/navdata/index.json',
      'https://clearway.example/downloads/dev/navdata/index.json',
    ]);
    expect(navdataArtifactUrl(endpoints.downloadRootNext, 'us')).toBe('https://clearway.example/downloads/next/navdata/us.cwnav');
  });

  it('puts the overview layers beside the artifact they are derived from', () => {
    expect(NAVDATA_OVERVIEW_LAYERS.map((layer) => navdataOverviewUrl(endpoints.downloadRootCurrent, 'us', layer))).toEqual([
      'https://clearway.example/downloads/current/navdata/us.airports.geojson',
      'https://clearway.example/downloads/current/navdata/us.navaids.geojson',
    ]);
    expect(navdataOverviewUrl('https://cdn.clearway.example/dev', 'world', 'navaids')).toBe('https://cdn.clearway.example/dev/navdata/world.navaids.geojson');
  });

  it('accepts a channel index and says where one is wrong', () => {
    const index = {
      channel: 'current',
      artifacts: [{
        region: 'us',
        cycle: '2509',
        effective: '2025-09-04',
        expires: '2025-10-02',
        formatVersion: 1,
        bytes: 1234,
        gzipBytes: null,
        etag: '"3f2a"',
        url: 'https://clearway.example/downloads/current/navdata/us.cwnav',
      }],
    };
    expect(navdataIndexSchema.parse(index)).toEqual(index);
    const bad = navdataIndexSchema.safeParse({ ...index, artifacts: [{ ...index.artifacts[0], etag: 'W/"3f2a"' }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['artifacts', 0, 'etag']);
  });

  it('allows only file-safe region names', () => {
    expect(navdataRegionSchema.safeParse('us').success).toBe(true);
    expect(navdataRegionSchema.safeParse('world-2').success).toBe(true);
    for (const bad of ['', 'US', '../us', 'u s', '.us']) expect(navdataRegionSchema.safeParse(bad).success).toBe(false);
  });
});
