import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { GEOIP_WINDOW_MS, geoipRoutes, httpGeoipProvider, isPrivateAddress, positionFromProviderJson } from './index.js';

/** An ip-api-like service on 127.0.0.1: /json/{ip} answers JSON; /json/ (no ip) places "the caller". */
interface Provider {
  server: Server;
  base: string;
  asked: string[];
  mode: 'ok' | 'fail' | 'error' | 'garbage';
}

async function startProvider(): Promise<Provider> {
  const p: Provider = { server: createServer(), base: '', asked: [], mode: 'ok' };
  p.server.on('request', (req: IncomingMessage, res) => {
    const path = req.url ?? '';
    p.asked.push(path);
    const ip = decodeURIComponent(path.replace(/^\/json\/?/, ''));
    if (p.mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    if (p.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      return;
    }
    const body =
      p.mode === 'fail' || ip === '192.0.2.1'
        ? { status: 'fail', message: 'reserved range', query: ip }
        : ip === ''
          ? { status: 'success', lat: 37.66, lon: -122.12, city: 'Hayward', regionName: 'California', country: 'United States' }
          : { status: 'success', lat: 51.5, lon: -0.12, city: 'London', regionName: 'England', country: 'United Kingdom', query: ip };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => p.server.listen(0, '127.0.0.1', resolve));
  p.base = `http://127.0.0.1:${(p.server.address() as AddressInfo).port}`;
  return p;
}

describe('GET /geoip on the real app', () => {
  let provider: Provider;
  let configured: TestApp;
  let unconfigured: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    configured = await startTestApp({ env: { GEOIP_PROVIDER_URL: `${provider.base}/json/{ip}`, GEOIP_RATE_LIMIT: '3' } });
    unconfigured = await startTestApp();
  });
  afterAll(async () => {
    await configured.close();
    await unconfigured.close();
    await new Promise((resolve) => provider.server.close(resolve));
  });

  it('without GEOIP_PROVIDER_URL (the default): 503 not_configured, naming the variable', async () => {
    const r = await unconfigured.app.inject({ method: 'GET', url: '/geoip' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: 'not_configured', message: 'IP geolocation is not configured on this server (set GEOIP_PROVIDER_URL)' });
  });

  it("a public client address goes into the template; the provider's JSON becomes the position", async () => {
    provider.asked.length = 0;
    const r = await configured.app.inject({ method: 'GET', url: '/geoip', remoteAddress: '203.0.113.7' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ latitude: 51.5, longitude: -0.12, city: 'London', region: 'England', country: 'United Kingdom', accuracy: null, source: 'ip', provider: new URL(provider.base).host });
    expect(provider.asked).toEqual(['/json/203.0.113.7']);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('a loopback client (the pilot\'s laptop) is placed by the server\'s own address: {ip} left empty', async () => {
    provider.asked.length = 0;
    const r = await configured.app.inject({ method: 'GET', url: '/geoip' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ latitude: 37.66, longitude: -122.12, city: 'Hayward' });
    expect(provider.asked).toEqual(['/json/']);
  });

  it("the provider's fail answer: 404 not_found", async () => {
    const r = await configured.app.inject({ method: 'GET', url: '/geoip', remoteAddress: '192.0.2.1' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: 'not_found' });
  });

  it('per-address limit: the 4th request in 10 minutes from one address is 429 with Retry-After; another address is not held back', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await configured.app.inject({ method: 'GET', url: '/geoip', remoteAddress: '198.51.100.9' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await configured.app.inject({ method: 'GET', url: '/geoip', remoteAddress: '198.51.100.9' });
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await configured.app.inject({ method: 'GET', url: '/geoip', remoteAddress: '198.51.100.10' })).statusCode).toBe(200);
  });
});

describe('geoipRoutes with a clock', () => {
  it('answers are kept per address for the window; the limit resets after it; provider failures are 502', async () => {
    const provider = await startProvider();
    let t = 1_000_000;
    const app = Fastify();
    await app.register(geoipRoutes, { config: { providerUrl: `${provider.base}/json/{ip}`, ratePer10Min: 2 }, now: () => t });
    try {
      const ask = () => app.inject({ method: 'GET', url: '/geoip', remoteAddress: '203.0.113.8' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect(provider.asked).toHaveLength(1); // the second from the kept answer
      expect((await ask()).statusCode).toBe(429);
      t += GEOIP_WINDOW_MS;
      provider.mode = 'error';
      const failed = await ask();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ error: 'provider_failed' });
      expect(failed.json().message).toContain('answered 500');
      provider.mode = 'garbage';
      t += GEOIP_WINDOW_MS;
      expect((await ask()).json().message).toContain('not JSON');
    } finally {
      await app.close();
      await new Promise((resolve) => provider.server.close(resolve));
    }
  });

  it('an unreachable provider: 502 naming it', async () => {
    const p = httpGeoipProvider({ urlTemplate: 'http://127.0.0.1:9/json/{ip}', timeoutMs: 2_000 });
    await expect(p.locate('203.0.113.1')).rejects.toThrow(/could not be reached/);
  });
});

describe('provider JSON and addresses', () => {
  it('reads ip-api, ipapi.co and ipwho.is shapes; failures and nonsense are null', () => {
    expect(positionFromProviderJson({ status: 'success', lat: 1, lon: 2, city: 'A', regionName: 'B', country: 'C' })).toEqual({ latitude: 1, longitude: 2, city: 'A', region: 'B', country: 'C' });
    expect(positionFromProviderJson({ latitude: '48.85', longitude: '2.35', city: 'Paris', region: 'IDF', country_name: 'France', country: 'FR' })).toEqual({ latitude: 48.85, longitude: 2.35, city: 'Paris', region: 'IDF', country: 'France' });
    expect(positionFromProviderJson({ success: false, message: 'Invalid IP' })).toBeNull();
    expect(positionFromProviderJson({ status: 'fail' })).toBeNull();
    expect(positionFromProviderJson({ lat: 100, lon: 0 })).toBeNull();
    expect(positionFromProviderJson('x')).toBeNull();
  });

  it('private and loopback addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.10.1', '172.16.0.1', '172.31.255.1', '169.254.1.1', '::1', '::ffff:192.168.1.2', 'fd00::1', 'fe80::1']) expect(isPrivateAddress(a)).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '203.0.113.1', '2001:db8::1']) expect(isPrivateAddress(a)).toBe(false);
  });
});
