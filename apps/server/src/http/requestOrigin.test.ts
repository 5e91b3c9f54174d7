import { describe, expect, it } from 'vitest';
import { isAllowedHost, isLocalHost, machineAddresses, originOfRequest, originOnHost, type OriginPolicy } from './requestOrigin.js';

const DEFAULT: OriginPolicy = { publicOrigin: 'http://localhost:8080', publicOriginFixed: false, allowedHosts: [] };

describe('the hosts allowed without configuration', () => {
  it.each([
    'localhost', 'LOCALHOST', 'tablet.localhost', '127.0.0.1', '127.45.0.9', '10.0.0.7', '172.16.0.1', '172.31.255.254',
    '192.168.1.20', '169.254.10.1', '[::1]', '::1', 'fd12:3456::1', '[fe80::1]', '::ffff:192.168.1.20',
  ])('allows %s (localhost, loopback, private or link-local)', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });

  it.each([
    'evil.example', 'localhost.evil.example', 'mylocalhost', '8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1',
    '11.0.0.1', '100.64.0.1', '2001:db8::1', '::ffff:8.8.8.8', '', '0.0.0.0',
  ])('refuses %s', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });

  it('adds ALLOWED_HOSTS names, exact or every name below a *. entry', () => {
    const allowed = ['clearway.lan', '*.hangar.lan', '203.0.113.7'];
    expect(isAllowedHost('clearway.lan', allowed)).toBe(true);
    expect(isAllowedHost('Clearway.LAN.', allowed)).toBe(true);
    expect(isAllowedHost('box.hangar.lan', allowed)).toBe(true);
    expect(isAllowedHost('a.b.hangar.lan', allowed)).toBe(true);
    expect(isAllowedHost('203.0.113.7', allowed)).toBe(true);
    expect(isAllowedHost('hangar.lan', allowed)).toBe(false);
    expect(isAllowedHost('evilhangar.lan', allowed)).toBe(false);
    expect(isAllowedHost('clearway.lan.evil.example', allowed)).toBe(false);
    expect(isAllowedHost('203.0.113.8', allowed)).toBe(false);
  });
});

describe('this machine\'s own addresses', () => {
  it('are allowed as they point at this server, even outside the private ranges', () => {
    const own = () => ['127.0.0.1', '198.51.100.4', '2001:db8::4'];
    expect(isAllowedHost('198.51.100.4', [], own)).toBe(true);
    expect(isAllowedHost('[2001:DB8::4]', [], own)).toBe(true);
    expect(isAllowedHost('198.51.100.5', [], own)).toBe(false);
    // Only addresses: a name that resolves to one is not known to point here.
    expect(isAllowedHost('laptop.example', [], () => ['laptop.example'])).toBe(false);
  });

  it('are read from the network interfaces', () => {
    const addresses = machineAddresses();
    expect(addresses).toContain('127.0.0.1');
    for (const address of addresses) expect(isAllowedHost(address, []), address).toBe(true);
  });
});

describe('originOfRequest', () => {
  it('is the address the browser used when its host is allowed, port and scheme included', () => {
    expect(originOfRequest({ host: '127.0.0.1:8080', protocol: 'http' }, DEFAULT)).toBe('http://127.0.0.1:8080');
    expect(originOfRequest({ host: '192.168.1.20:8080', protocol: 'http' }, DEFAULT)).toBe('http://192.168.1.20:8080');
    expect(originOfRequest({ host: '[fd00::5]:8080', protocol: 'http' }, DEFAULT)).toBe('http://[fd00::5]:8080');
    expect(originOfRequest({ host: 'localhost', protocol: 'https' }, DEFAULT)).toBe('https://localhost');
    expect(originOfRequest({ host: 'box.hangar.lan:8443', protocol: 'https' }, { ...DEFAULT, allowedHosts: ['*.hangar.lan'] })).toBe('https://box.hangar.lan:8443');
  });

  it('is undefined for a host that is not allowed, or a Host header that is not host[:port]', () => {
    for (const host of ['evil.example', 'evil.example:8080', '8.8.8.8:8080', 'localhost@evil.example', 'evil.example/x.localhost', 'localhost:8080/path', 'localhost:99999', '', 'local host']) {
      expect(originOfRequest({ host, protocol: 'http' }, DEFAULT), host).toBeUndefined();
    }
    expect(originOfRequest({ host: 'localhost', protocol: 'ftp' }, DEFAULT)).toBeUndefined();
  });

  it('is PUBLIC_ORIGIN, whatever the request names, when it is set', () => {
    const fixed: OriginPolicy = { publicOrigin: 'https://clearway.example', publicOriginFixed: true, allowedHosts: [] };
    expect(originOfRequest({ host: 'evil.example', protocol: 'http' }, fixed)).toBe('https://clearway.example');
    expect(originOfRequest({ host: '192.168.1.20:8080', protocol: 'http' }, fixed)).toBe('https://clearway.example');
  });
});

describe('originOnHost', () => {
  it('recognises a page on the host whatever its scheme, and nothing else', () => {
    expect(originOnHost('https://clearway.example', 'clearway.example')).toBe(true);
    expect(originOnHost('http://clearway.example', 'Clearway.Example')).toBe(true);
    expect(originOnHost('http://127.0.0.1:8080', '127.0.0.1:8080')).toBe(true);
    expect(originOnHost('http://127.0.0.1:8081', '127.0.0.1:8080')).toBe(false);
    expect(originOnHost('https://clearway.example.evil.test', 'clearway.example')).toBe(false);
    expect(originOnHost('null', 'clearway.example')).toBe(false);
    expect(originOnHost('chrome-extension://clearway.example', 'clearway.example')).toBe(false);
    expect(originOnHost('ws://clearway.example', 'clearway.example')).toBe(false);
  });
});
