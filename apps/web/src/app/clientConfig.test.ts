import { describe, expect, it, vi } from 'vitest';
import { sameOriginEndpoints, type ClientConfig } from '@clearway/protocol';
import { loadClientConfig } from './clientConfig';

function jsonFetch(body: unknown): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

const server: ClientConfig = { env: 'localhost', version: '1.0.0', dataChannel: 'dev', remoteLogging: false, endpoints: sameOriginEndpoints() };

describe('loadClientConfig at any address', () => {
  it('makes the server\'s same-origin endpoints absolute on the address the app was opened at', async () => {
    const loaded = await loadClientConfig({ fetch: jsonFetch(server), origin: 'http://192.168.1.20:8080', appVersion: '1.0.0' });
    expect(loaded.source).toBe('server');
    expect(loaded.config.endpoints.downloadRootDev).toBe('http://192.168.1.20:8080/downloads/dev');
    expect(loaded.config.endpoints.profileRest).toBe('http://192.168.1.20:8080/api');
    expect(loaded.config.endpoints.profileSocket).toBe('ws://192.168.1.20:8080/ws/profile');
    expect(loaded.config.endpoints.mainSite).toBe('http://192.168.1.20:8080');
  });

  it('keeps an endpoint the server moved to another origin', async () => {
    const moved = { ...server, endpoints: { ...server.endpoints, downloadRootDev: 'https://cdn.example.com/dev' } };
    const loaded = await loadClientConfig({ fetch: jsonFetch(moved), origin: 'http://127.0.0.1:8080', appVersion: '1.0.0' });
    expect(loaded.config.endpoints.downloadRootDev).toBe('https://cdn.example.com/dev');
    expect(loaded.config.endpoints.weatherSocket).toBe('ws://127.0.0.1:8080/ws/weather');
  });
});
