import { describe, expect, it } from 'vitest';
import { startRedirect, welcomeReturnUrl } from './redirects';

describe('startRedirect', () => {
  it.each(['/', '/index.html', '/index_pt.html'])('sends %s to map view one once the welcome is complete', (path) => {
    expect(startRedirect({ path, welcomeComplete: true, online: true })).toBe('/app/map1');
  });

  it.each(['/', '/index.html', '/index_pt.html'])('sends %s to the profile welcome before the welcome is complete', (path) => {
    expect(startRedirect({ path, welcomeComplete: false, online: true })).toBe('/app/aircraft_profile_welcome');
  });

  it('sends an offline visitor without a completed welcome to map view one', () => {
    expect(startRedirect({ path: '/', welcomeComplete: false, online: false })).toBe('/app/map1');
    expect(startRedirect({ path: '/index.html', welcomeComplete: true, online: false })).toBe('/app/map1');
  });

  it('leaves every other path alone', () => {
    for (const path of ['/app/map1', '/app', '/index', '/other.html', '/app/aircraft_profile_welcome']) {
      expect(startRedirect({ path, welcomeComplete: false, online: true })).toBeNull();
    }
  });
});

describe('welcomeReturnUrl', () => {
  it('returns to the initial address, start addresses resolved to map view one with query and hash kept', () => {
    expect(welcomeReturnUrl({ initialUrl: '/' })).toBe('/app/map1');
    expect(welcomeReturnUrl({ initialUrl: '/index.html?utm_source=x#5/37/-122' })).toBe('/app/map1?utm_source=x#5/37/-122');
    expect(welcomeReturnUrl({ initialUrl: '/app/route?x=1' })).toBe('/app/route?x=1');
  });

  it('falls back to map view one without a usable initial address', () => {
    expect(welcomeReturnUrl(undefined)).toBe('/app/map1');
    expect(welcomeReturnUrl(null)).toBe('/app/map1');
    expect(welcomeReturnUrl({ initialUrl: 5 })).toBe('/app/map1');
    expect(welcomeReturnUrl({ initialUrl: 'https://evil.example/' })).toBe('/app/map1');
    expect(welcomeReturnUrl({ initialUrl: '//evil.example/' })).toBe('/app/map1');
    expect(welcomeReturnUrl({ initialUrl: '/app/aircraft_profile_welcome' })).toBe('/app/map1');
  });
});
