import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where absolute addresses (sign-in redirects, mailed links) point. With PUBLIC_ORIGIN set they all
 * use it. Without it they follow the address the browser used, so a tablet that reaches a laptop by
 * its LAN address signs in there too, but only when that request's host is allowed: localhost,
 * loopback and private-network addresses, this machine's own addresses, plus ALLOWED_HOSTS. A Host
 * header is the client's to choose, so an arbitrary one never becomes a link in a mail (no
 * poisoned reset links).
 */
export interface OriginPolicy {
  /** PUBLIC_ORIGIN, or the default `http://localhost:{port}`. */
  publicOrigin: string;
  /** PUBLIC_ORIGIN was set: every absolute address uses it, whatever host a request names. */
  publicOriginFixed: boolean;
  /** ALLOWED_HOSTS, lower case; `*.name` allows every host below name. */
  allowedHosts: readonly string[];
}

/** Loopback, private (RFC 1918, RFC 4193) and link-local ranges: the addresses of a machine on a LAN. */
const LOCAL_NETWORKS = new BlockList();
LOCAL_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL_NETWORKS.addAddress('::1', 'ipv6');
LOCAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
LOCAL_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/** `[fd00::1]` -> `fd00::1`; names lower case, without a trailing dot. */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/** Whether a host is allowed without configuration: localhost (and names below it), loopback and private-network addresses. */
export function isLocalHost(hostname: string): boolean {
  const host = bareHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  if (mapped !== undefined) return LOCAL_NETWORKS.check(mapped, 'ipv4');
  const family = isIP(host);
  if (family === 4) return LOCAL_NETWORKS.check(host, 'ipv4');
  // IPv6 with a zone (fe80::1%eth0) is checked without it.
  if (family === 6) return LOCAL_NETWORKS.check(host.split('%', 1)[0] ?? host, 'ipv6');
  return false;
}

/**
 * The addresses of this machine's network interfaces, read at each call (DHCP may change them). A
 * Host naming one of them points at this server, so it is as safe in a link as a private address.
 */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address.toLowerCase()));
}

/** Whether a request naming this host may set the origin of absolute addresses. */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[], ownAddresses: () => readonly string[] = machineAddresses): boolean {
  const host = bareHost(hostname);
  if (host === '') return false;
  if (isLocalHost(host)) return true;
  if (isIP(host) !== 0 && ownAddresses().includes(host)) return true;
  return allowedHosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/** What the origin of a request is read from: Fastify's `request.host` (Host, or X-Forwarded-Host behind a trusted proxy) and `request.protocol`. */
export interface RequestAddress {
  host: string;
  protocol: string;
}

/**
 * The origin absolute addresses of this request use: PUBLIC_ORIGIN when set; else the origin the
 * browser used (`http://192.168.1.20:8080`) when its host is allowed; else undefined (the caller
 * refuses rather than guess).
 */
export function originOfRequest(request: RequestAddress, policy: OriginPolicy): string | undefined {
  if (policy.publicOriginFixed) return policy.publicOrigin;
  if (request.protocol !== 'http' && request.protocol !== 'https') return undefined;
  // A Host header is host[:port] only; anything that would parse into credentials or a path is not one.
  if (!/^[^\s/?#@\\]+$/.test(request.host)) return undefined;
  const candidate = `${request.protocol}://${request.host}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  return isAllowedHost(url.hostname, policy.allowedHosts) ? url.origin : undefined;
}

/**
 * Whether a browser's `Origin` header names a web page (http or https) on `host` (host[:port],
 * compared case-insensitively). The one rule the cross-site guard and the realtime upgrade use to
 * recognise a page of this server when the scheme may differ (a TLS-terminating proxy without
 * TRUST_PROXY); `null` and other schemes are never this server's pages.
 */
export function originOnHost(origin: string, host: string): boolean {
  if (!URL.canParse(origin)) return false;
  const page = new URL(origin);
  return (page.protocol === 'http:' || page.protocol === 'https:') && page.host === host.toLowerCase();
}
