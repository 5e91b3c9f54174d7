import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/index.js';

/**
 * Query parameters that carry sign-in secrets: `token` (e-mail confirmation and password reset
 * links), `code` (the OpenID Connect authorization code at /auth/callback) and `jwt` (the help
 * centre's sign-on token). Their values never reach a log line.
 */
const SECRET_PARAMETERS: ReadonlySet<string> = new Set(['token', 'code', 'jwt']);

/** A request path with the values of SECRET_PARAMETERS replaced by `***`: `/oidc/verify?token=***`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url.slice(query + 1).split('&').map((part) => {
    const equals = part.indexOf('=');
    const name = equals < 0 ? part : part.slice(0, equals);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is logged as it came.
    }
    return equals >= 0 && SECRET_PARAMETERS.has(decoded) ? `${name}=***` : part;
  });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

/** Fastify's request serializer (the `req` of its request log lines) with the secrets of the URL hidden. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * The server's pino logger: JSON lines at LOG_LEVEL, tagged with service, environment and version,
 * request URLs without sign-in secrets. `destination` defaults to stdout (tests pass a capture).
 */
export function createServerLogger(config: Pick<Config, 'logLevel' | 'env' | 'version'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'clearway-server', env: config.env, version: config.version },
    serializers: { req: requestForLog },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
