import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_PATH, clientConfigSchema, sameOriginEndpoints } from '@clearway/protocol';
import { startTestApp, type TestApp } from '../testing/testApp.js';

describe('GET /api/config', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('answers the ClientConfig for the default single-process setup, uncached', async () => {
    running = await startTestApp({ env: { PORT: '18081' } });
    const reply = await running.app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const config = clientConfigSchema.parse(reply.json());
    expect(config).toEqual({
      env: 'localhost',
      version: running.config.version,
      dataChannel: 'dev',
      remoteLogging: false,
      // Paths on whatever origin the app was opened at: localhost, 127.0.0.1, a LAN address, a proxy's name.
      endpoints: sameOriginEndpoints(),
      requireSignIn: true,
    });
  });

  it('tells the app when sign-in is not required (REQUIRE_SIGN_IN=false, an open kiosk)', async () => {
    running = await startTestApp({ env: { REQUIRE_SIGN_IN: 'false' } });
    const config = clientConfigSchema.parse((await running.app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH })).json());
    expect(config.requireSignIn).toBe(false);
  });

  it('follows the environment, DATA_CHANNEL and endpoint overrides', async () => {
    running = await startTestApp({
      env: {
        CLEARWAY_ENV: 'beta',
        // beta starts only with payments and mail chosen (config/deploymentRules.ts).
        PAYMENTS: 'test',
        SMTP_URL: 'disabled',
        PUBLIC_ORIGIN: 'https://beta.clearway.example',
        DATA_CHANNEL: 'current',
        ENDPOINT_TILE_SERVER: 'https://tiles.clearway.example',
      },
    });
    const config = clientConfigSchema.parse((await running.app.inject({ method: 'GET', url: CLIENT_CONFIG_PATH })).json());
    expect(config.env).toBe('beta');
    expect(config.remoteLogging).toBe(true);
    expect(config.dataChannel).toBe('current');
    expect(config.endpoints.tileServer).toBe('https://tiles.clearway.example');
    expect(config.endpoints.profileSocket).toBe('/ws/profile');
  });
});
