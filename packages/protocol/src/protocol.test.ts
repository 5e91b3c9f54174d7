import { describe, expect, it } from 'vitest';
import {
  clientConfigSchema,
  defaultDataChannel,
  describeIssues,
  ENDPOINT_KEYS,
  endpointsForOrigin,
  environmentSchema,
  navdataArtifactSchema,
  resolveEndpoints,
  sameOriginEndpoints,
  logEntrySchema,
  logIndexPath,
} from './index.js';

describe('endpoint map', () => {
  it('puts every endpoint on one origin, sockets on ws://', () => {
    const map = endpointsForOrigin('http://localhost:8080/');
    expect(Object.keys(map).sort()).toEqual([...ENDPOINT_KEYS].sort());
    expect(map.mainSite).toBe('http://localhost:8080');
    expect(map.profileRest).toBe('http://localhost:8080/api');
    expect(map.profileSocket).toBe('ws://localhost:8080/ws/profile');
    expect(map.downloadRootNext).toBe('http://localhost:8080/downloads/next');
    expect(endpointsForOrigin('https://app.example.org').liveTrafficSocket).toBe('wss://app.example.org/ws/traffic');
  });

  it('validates as a client config', () => {
    const config = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:1234') };
    expect(clientConfigSchema.parse(config)).toEqual(config);
    const bad = { ...config, endpoints: { ...config.endpoints, profileSocket: 'http://x/ws' } };
    const result = clientConfigSchema.safeParse(bad);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)[0]?.path).toBe('endpoints.profileSocket');
  });
});

describe('same-origin endpoints', () => {
  it('are paths the page resolves on its own origin, sockets on ws:// or wss://', () => {
    const paths = sameOriginEndpoints();
    expect(paths.mainSite).toBe('/');
    expect(paths.downloadRootDev).toBe('/downloads/dev');
    expect(paths.profileSocket).toBe('/ws/profile');
    const lan = resolveEndpoints(paths, 'http://192.168.1.20:8080');
    expect(lan.mainSite).toBe('http://192.168.1.20:8080');
    expect(lan.logging).toBe('http://192.168.1.20:8080');
    expect(lan.downloadRootDev).toBe('http://192.168.1.20:8080/downloads/dev');
    expect(lan.profileSocket).toBe('ws://192.168.1.20:8080/ws/profile');
    expect(resolveEndpoints(paths, 'https://clearway.example/').liveTrafficSocket).toBe('wss://clearway.example/ws/traffic');
  });

  it('keep an absolute endpoint as it is', () => {
    const map = { ...sameOriginEndpoints(), tileServer: 'https://tiles.example.com/v1' };
    expect(resolveEndpoints(map, 'http://127.0.0.1:8080').tileServer).toBe('https://tiles.example.com/v1');
  });

  it('validate on the wire; a path naming another host (//host) or with a query does not', () => {
    const config = { env: 'localhost', version: '0.1.0', dataChannel: 'dev', remoteLogging: false, endpoints: sameOriginEndpoints() };
    expect(clientConfigSchema.parse(config)).toEqual(config);
    for (const bad of ['//evil.example/downloads', 'downloads/dev', '/downloads?x=1']) {
      const result = clientConfigSchema.safeParse({ ...config, endpoints: { ...config.endpoints, downloadRootDev: bad } });
      expect(result.success, bad).toBe(false);
      if (!result.success) expect(describeIssues(result.error)[0]?.path).toBe('endpoints.downloadRootDev');
    }
  });

  it('let an index name its artifacts by a path on its own origin', () => {
    const artifact = { region: 'us', cycle: '2509', effective: '2025-09-04', expires: '2025-10-02', formatVersion: 1, bytes: 10, gzipBytes: null, etag: '"a"' };
    expect(navdataArtifactSchema.safeParse({ ...artifact, url: '/downloads/dev/navdata/us.cwnav' }).success).toBe(true);
    expect(navdataArtifactSchema.safeParse({ ...artifact, url: '//evil.example/us.cwnav' }).success).toBe(false);
  });
});

describe('environments', () => {
  it('accepts the spec aliases and picks the data channel', () => {
    expect(environmentSchema.parse('hybrid')).toBe('dev');
    expect(environmentSchema.parse('test')).toBe('qa');
    expect(environmentSchema.safeParse('staging').success).toBe(false);
    expect(defaultDataChannel('prod')).toBe('current');
    expect(defaultDataChannel('beta')).toBe('next');
    expect(defaultDataChannel('qa')).toBe('dev');
  });
});

describe('log entry', () => {
  const entry = {
    timestamp: 1_700_000_000_000,
    '@timestamp': '2026-11-21T12:00:00.000Z',
    version: '0.1.0',
    os: 'Linux',
    level: 'error',
    message: 'boom',
    uuid: 'b6f0c7a4-0000-4000-8000-000000000000',
    env: 'qa',
    cust_id: null,
    stack: null,
    location: { lat: 37.7, lon: -122.2 },
  };

  it('accepts a valid entry and names the path of a bad one', () => {
    expect(logEntrySchema.parse(entry)).toEqual(entry);
    const result = logEntrySchema.safeParse({ ...entry, location: { lat: 123, lon: 0 } });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toEqual([expect.objectContaining({ path: 'location.lat' })]);
  });

  it('builds the daily index path', () => {
    expect(logIndexPath('2026-11-21')).toBe('/elk/pwa_logs_2026-11-21/_doc/');
  });
});
