import { describe, expect, it } from 'vitest';
import { startRedirect } from './redirects';

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
