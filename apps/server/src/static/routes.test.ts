import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, WEB_DIST_FILES, type TestApp } from '../testing/testApp.js';
import { IMMUTABLE, NO_CACHE } from './cachePolicy.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const shell = WEB_DIST_FILES['index.html'];

describe('static PWA with a built web app', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp({ webDist: true });
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(['/', '/index.html', '/index_pt.html', '/app', '/app/map1', '/app/aircraft_profile_welcome', '/app/wx_winds_aloft?x=1'])(
    'answers %s with the shell, uncached',
    async (url) => {
      const reply = await running.app.inject({ method: 'GET', url, headers: HTML });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe(NO_CACHE);
      expect(reply.body).toBe(shell);
    },
  );

  it('serves the shell for /app routes whatever the Accept header', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/app/route' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(shell);
  });

  it('serves the shell for other page navigations so the client router shows its fallback page', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/no/such/page', headers: HTML });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(NO_CACHE);
    expect(reply.body).toBe(shell);
  });

  it('caches hashed assets for a year', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(reply.body).toBe(WEB_DIST_FILES['assets/x-abc123.js']);
  });

  it.each(['/sw.js', '/registerSW.js', '/manifest.webmanifest', '/workbox-4a8b2c1d.js', '/favicon.svg'])(
    'makes the browser revalidate %s',
    async (url) => {
      const reply = await running.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe(NO_CACHE);
      expect(reply.body).toBe(WEB_DIST_FILES[url.slice(1)]);
    },
  );

  it('answers a missing asset with a JSON 404, never the shell', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/assets/gone-000000.js', headers: HTML });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Not found', path: '/assets/gone-000000.js' });
  });

  it('answers HEAD like GET without a body', async () => {
    const reply = await running.app.inject({ method: 'HEAD', url: '/app/map2', headers: HTML });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(NO_CACHE);
    expect(reply.body).toBe('');
  });

  it('refuses to leave the web folder', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/..%2f..%2fpackage.json' });
    expect([403, 404]).toContain(reply.statusCode);
    expect(reply.body).not.toContain('"workspaces"');
  });
});

describe('static PWA before the web app is built', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp({ webDist: false });
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(['/', '/app/map1'])('answers %s with 503 saying to run npm run build', async (url) => {
    const reply = await running.app.inject({ method: 'GET', url, headers: HTML });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    expect((await running.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
