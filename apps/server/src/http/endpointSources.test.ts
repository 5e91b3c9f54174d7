// The CSP follows the endpoint map: endpoints on the page's own origin need nothing beyond 'self',
// endpoints ENDPOINT_* moves to another server are allowed by origin. Through the real buildApp.
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_PATH, clientConfigSchema, sameOriginEndpoints } from '@clearway/protocol';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { endpointSources } from './securityHeaders.js';

/** The policy as a map from directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((part) => {
    const [name = '', ...sources] = part.split(' ');
    return [name, sources];
  }));
}

describe('endpointSources', () => {
  it('is empty for the default map: every endpoint is on the page\'s own origin', () => {
    expect(endpointSources(sameOriginEndpoints())).toEqual({ connect: [], img: [] });
  });

  it('names the origin of each moved endpoint once it is in the policy, the tile server for images too, never the linked main site', () => {
    const sources = endpointSources({
      ...sameOriginEndpoints(),
      mainSite: 'https://www.clearway.example',
      tileServer: 'https://tiles.example.com/v1',
      downloadRootCurrent: 'https://cdn.example.com:8443/current',
      liveTrafficSocket: 'wss://traffic.example.com/feed',
    });
    expect(sources.connect.sort()).toEqual(['https://cdn.example.com:8443', 'https://tiles.example.com', 'wss://traffic.example.com']);
    expect(sources.img).toEqual(['https://tiles.example.com']);
  });
});

describe('the Content-Security-Policy of the real app', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('by default allows only this origin and tells the app to use paths on it, at any address', async () => {
    running = await startTestApp({ webDist: true });
    for (const host of ['localhost:8080', '127.0.0.1:8080', '192.168.1.20:8080']) {
      const reply = await running.app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH, headers: { host } });
      const config = clientConfigSchema.parse(reply.json());
      // Paths the page resolves on its own origin, so connect-src 'self' covers them wherever it was opened.
      expect(config.endpoints.downloadRootDev, host).toBe('/downloads/dev');
      expect(JSON.stringify(config.endpoints), host).not.toContain('localhost');
      const policy = directives(String(reply.headers['content-security-policy']));
      // The page's sockets go to the host it was opened at, and nowhere else.
      const own = new URL(`http://${host}`).host;
      expect(policy.get('connect-src')).toEqual(["'self'", `ws://${own}`, `wss://${own}`]);
    }
  });

  it('adds the origins of endpoints configured on other servers to connect-src (and the tile server to img-src)', async () => {
    running = await startTestApp({
      webDist: true,
      env: {
        ENDPOINT_DOWNLOAD_ROOT_DEV: 'https://cdn.example.com/dev',
        ENDPOINT_TILE_SERVER: 'https://tiles.example.com',
        ENDPOINT_WEATHER_SOCKET: 'wss://wx.example.com/socket',
      },
    });
    const page = await running.app.inject({ method: 'GET', url: '/app/map1' });
    expect(page.statusCode).toBe(200);
    const policy = directives(String(page.headers['content-security-policy']));
    // In the endpoint map's order (ENDPOINT_KEYS); the profile and version sockets stay on the page's host (inject's localhost).
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://localhost', 'wss://localhost', 'https://tiles.example.com', 'https://cdn.example.com', 'wss://wx.example.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.com']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    const config = clientConfigSchema.parse((await running.app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH })).json());
    expect(config.endpoints.downloadRootDev).toBe('https://cdn.example.com/dev');
    expect(config.endpoints.downloadRootNext).toBe('/downloads/next');
  });
});
