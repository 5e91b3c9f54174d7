import { describe, expect, it } from 'vitest';
import { notamsConfigOf } from './notamsConfig.js';

describe('NOTAM_SOURCE and its FAA variables', () => {
  it('reads off, a folder, and faa with its credentials; faa without them is refused', () => {
    expect(notamsConfigOf({}, '/repo')).toEqual({ kind: 'off' });
    expect(notamsConfigOf({ NOTAM_SOURCE: '../shared/data/notam' }, '/repo/main')).toEqual({ kind: 'path', dir: '/repo/shared/data/notam' });
    expect(notamsConfigOf({ NOTAM_SOURCE: 'faa', NOTAM_FAA_CLIENT_ID: 'a', NOTAM_FAA_CLIENT_SECRET: 'b', TFR_FAA_URL: 'off' }, '/repo')).toMatchObject({ kind: 'faa', apiUrl: 'https://external-api.faa.gov/notamapi/v1/notams', clientId: 'a', clientSecret: 'b', tfrUrl: null });
    expect(() => notamsConfigOf({ NOTAM_SOURCE: 'faa' }, '/repo')).toThrow('NOTAM_SOURCE=faa needs NOTAM_FAA_CLIENT_ID and NOTAM_FAA_CLIENT_SECRET');
    expect(() => notamsConfigOf({ NOTAM_SOURCE: 'faa', NOTAM_FAA_CLIENT_ID: 'a', NOTAM_FAA_CLIENT_SECRET: 'b', NOTAM_FAA_URL: 'ftp://x' }, '/repo')).toThrow('NOTAM_FAA_URL must be an http:// or https:// URL (got "ftp://x")');
  });
});
