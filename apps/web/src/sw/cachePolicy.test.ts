import { describe, expect, it } from 'vitest';
import { PRECACHE_GLOB_PATTERNS, SERVER_PATHS } from './cachePolicy';
import { RUNTIME_CACHED_PATHS } from './register';

const isServerPath = (path: string) => SERVER_PATHS.some((pattern) => pattern.test(path));

describe('service worker cache policy', () => {
  it('never answers nav data downloads with the app shell', () => {
    for (const path of ['/downloads/current/navdata/index.json', '/downloads/dev/navdata/us.cwnav', '/downloads']) {
      expect(isServerPath(path)).toBe(true);
    }
    expect(isServerPath('/app/map1')).toBe(false);
    expect(isServerPath('/downloadsomething')).toBe(false);
  });

  it('lets sign-in, the identity provider, the help centre and glyphs reach the server', () => {
    for (const path of ['/auth/login', '/auth/callback?code=x&state=y', '/oidc/auth', '/help', '/help?jwt=a.b.c', '/fonts/DejaVu%20Sans/0-255.pbf']) {
      expect(isServerPath(path)).toBe(true);
    }
    expect(isServerPath('/authority')).toBe(false);
    expect(isServerPath('/helpful?x=1')).toBe(false);
  });

  it('does not cache nav data artifacts: not precached, not runtime-cached', () => {
    expect(PRECACHE_GLOB_PATTERNS.join(' ')).not.toMatch(/cwnav|json/);
    expect(RUNTIME_CACHED_PATHS.some((path) => path.startsWith('/downloads'))).toBe(false);
  });

  it('precaches module workers (.js and .mjs chunks)', () => {
    expect(PRECACHE_GLOB_PATTERNS.join(' ')).toMatch(/\{js,mjs,/);
  });
});
