import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp.js';
import { API_SEGMENTS } from './notFound.js';

describe('unknown paths', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp({ webDist: true });
  });
  afterAll(async () => {
    await running.close();
  });

  it('knows every API root of the protocol', () => {
    expect([...API_SEGMENTS].sort()).toEqual(['api', 'downloads', 'elk', 'fonts', 'fs', 'tiles', 'ws', 'wx']);
  });

  it.each([
    ['GET', '/api/nothing'],
    ['POST', '/api/sync_profile_typo'],
    ['GET', '/elk/other_index/_search'],
    ['GET', '/ws/unknown'],
    ['GET', '/wx/metar/KXYZ'],
    ['GET', '/tiles/0/0/0.png'],
    ['GET', '/downloads/current/none.bin'],
    ['GET', '/fs/briefing'],
    ['DELETE', '/app/map1'],
  ])('%s %s is a JSON 404 even for a browser', async (method, url) => {
    const reply = await running.app.inject({ method: method as 'GET', url, headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json()).toEqual({ error: 'Not found', path: url });
  });

  it('answers non-browser requests for unknown pages with a JSON 404', async () => {
    const reply = await running.app.inject({ method: 'GET', url: '/robots.txt?x=1', headers: { accept: '*/*' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Not found', path: '/robots.txt' });
  });
});

describe('request ids and errors', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(async () => {
    await running.close();
  });

  it('gives every reply an X-Request-Id, keeping a plain one from the caller', async () => {
    const fresh = await running.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await running.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await running.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nforged' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unsupported body type with a JSON 415', async () => {
    const reply = await running.app.inject({
      method: 'POST',
      // A route that reads its body before the session check (the log sink, off here, checks the session first).
      url: '/auth/find_or_create',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json<{ error: string }>().error).toMatch(/Unsupported Media Type/i);
  });
});
