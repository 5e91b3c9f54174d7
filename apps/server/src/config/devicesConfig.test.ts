import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('devices bridge configuration (DEVICES, DEVICES_GDL90_PORT, DEVICES_HOST, DEVICES_ANNOUNCE)', () => {
  const LIVE = { PAYMENTS: 'test', SMTP_URL: 'disabled', HELP_CENTRE_SECRET: 'h'.repeat(32), PUBLIC_ORIGIN: 'https://clearway.example', AUTH_SECRETS_KEY: 'k'.repeat(32) };

  it.each([
    ['localhost', true],
    ['lite', true],
    ['stratux', true],
    ['dev', false],
    ['qa', false],
    ['beta', false],
    ['prod', false],
  ])('is %s by default in %s', (env, enabled) => {
    const live = env === 'prod' || env === 'beta' ? LIVE : {};
    expect(loadConfig({ CLEARWAY_ENV: env, ...live }).devices.enabled).toBe(enabled);
  });

  it('listens on 0.0.0.0:4000 and announces itself by default; DEVICES=on|off overrides the environment', () => {
    expect(loadConfig({ CLEARWAY_ENV: 'stratux' }).devices).toEqual({ enabled: true, gdl90Port: 4000, host: '0.0.0.0', announce: true });
    expect(loadConfig({ CLEARWAY_ENV: 'qa', DEVICES: 'on' }).devices.enabled).toBe(true);
    expect(loadConfig({ CLEARWAY_ENV: 'lite', DEVICES: 'off' }).devices.enabled).toBe(false);
  });

  it('binds loopback and stays quiet when the server itself listens on loopback', () => {
    expect(loadConfig({ HOST: '127.0.0.1' }).devices).toEqual({ enabled: true, gdl90Port: 4000, host: '127.0.0.1', announce: false });
    expect(loadConfig({ HOST: '127.0.0.1', DEVICES_HOST: '0.0.0.0', DEVICES_ANNOUNCE: 'on', DEVICES_GDL90_PORT: '4001' }).devices).toEqual({ enabled: true, gdl90Port: 4001, host: '0.0.0.0', announce: true });
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ DEVICES: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEVICES: 'maybe' })).toThrow('DEVICES must be on or off (got "maybe")');
    expect(() => loadConfig({ DEVICES_GDL90_PORT: '70000' })).toThrow('DEVICES_GDL90_PORT must be an integer between 1 and 65535 (got "70000")');
  });
});
