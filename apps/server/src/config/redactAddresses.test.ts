import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactAddresses } from './index.js';

describe('source addresses in messages keep their host and path, never a key', () => {
  it('hides passwords and query values, keeps names, paths and fragments', () => {
    expect(redactAddresses('https://user:s3cret@img.example/a/b.png?apikey=K123&size=2#x')).toBe('https://user:***@img.example/a/b.png?apikey=***&size=***#x');
    expect(redactAddresses('{"surface/analysis":"http://h.example/p.gif?token"}')).toBe('{"surface/analysis":"http://h.example/p.gif?***"}');
    expect(redactAddresses('no address here')).toBe('no address here');
  });

  it('a bad WX_IMAGERY_SOURCES is reported without the keys of its addresses', () => {
    const value = JSON.stringify({ 'surface/analysis': 'https://wx.example/sfc.gif?apikey=TOPSECRET', 'no/such': 'https://wx.example/x.png?key=ALSOSECRET' });
    let error: unknown;
    try {
      loadConfig({ WX_IMAGERY_SOURCES: value, SQLITE_PATH: ':memory:' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('WX_IMAGERY_SOURCES');
    expect(message).toContain('"no/such" is not an imagery view');
    expect(message).toContain('https://wx.example/sfc.gif?apikey=***');
    expect(message).not.toContain('TOPSECRET');
    expect(message).not.toContain('ALSOSECRET');
  });
});
