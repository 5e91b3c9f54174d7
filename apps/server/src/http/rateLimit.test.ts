import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { ADDRESS_LIMITS } from './rateLimit.js';

/** Sends `count` GETs from one address and answers the status codes in order. */
async function statuses(kit: TestApp, url: string, count: number, remoteAddress: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await kit.app.inject({ method: 'GET', url, remoteAddress })).statusCode);
  }
  return codes;
}

// The index routes (/wx/img/index.json, /packs/index.json) carry the same limits as their files;
// they read the database or the packs folder on each request, so the cheap 404s of the file routes
// exhaust a limit here.
describe('per-address limits on the public read endpoints (STYLE item 17)', () => {
  let kit: TestApp;
  beforeAll(async () => {
    kit = await startTestApp({ env: { DEVICES: 'on', DEVICES_HOST: '127.0.0.1', DEVICES_GDL90_PORT: String(40000 + (process.pid % 20000)) } });
  });
  afterAll(async () => {
    await kit.close();
  });

  const cases = [
    { name: 'weather image frame', url: '/wx/img/surface/conus/1-0123456789ab.png', limit: ADDRESS_LIMITS.weatherImagery, address: '198.51.100.2' },
    { name: 'weather snapshot', url: '/wx/metar.json', limit: ADDRESS_LIMITS.weather, address: '198.51.100.3' },
    { name: 'pack file', url: '/packs/2026-07-09/New_York.vfr.pmtiles', limit: ADDRESS_LIMITS.packs, address: '198.51.100.5' },
    { name: 'devices socket upgrade', url: '/ws/devices', limit: ADDRESS_LIMITS.devicesSocket, address: '198.51.100.6' },
  ];

  it.each(cases)('$name: the limit is answered as usual, the next request from that address gets 429 with Retry-After, another address is served', async ({ url, limit, address }) => {
    const codes = await statuses(kit, url, limit.perMinute, address);
    expect(codes.filter((code) => code === 429)).toEqual([]);

    const refused = await kit.app.inject({ method: 'GET', url, remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const { error } = refused.json<{ error: string }>();
    expect(error).toContain(`Too many requests from ${address} to `);
    expect(error).toContain(`at most ${limit.perMinute} a minute; retry in `);

    const other = await kit.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    expect(other.statusCode).not.toBe(429);
    expect(other.statusCode).toBe(codes[0]);
  });

  it('leaves routes without a declared limit alone', async () => {
    const codes = await statuses(kit, '/healthz', ADDRESS_LIMITS.devicesSocket.perMinute + 5, '198.51.100.7');
    expect(codes.filter((code) => code === 429)).toEqual([]);
  });
});
