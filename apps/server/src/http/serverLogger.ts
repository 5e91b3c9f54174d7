import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config/index.js';

/**
 * Query parameters that carry sign-in secrets: `token` (e-mail confirmation and password reset
 * links), `code` (the OpenID Connect authorization code at /auth/callback), `jwt` (the help
 * centre's sign-on token), and the OpenID Connect and OAuth parameters that carry a token or a
 * credential (`id_token_hint` at end of session, `access_token`, `refresh_token`, `client_secret`,
 * `password`). Their values never reach a log line, on any path.
 */
const SECRET_PARAMETERS: ReadonlySet<string> = new Set(['token', 'code', 'jwt', 'id_token_hint', 'access_token', 'refresh_token', 'client_secret', 'password']);

/**
 * Paths whose query string is left out of log lines altogether: the sign-in pages and links
 * (`/oidc/...`: verify, reset, the provider's own endpoints; `/auth/...`: the callback), and the
 * help centre (`/help?jwt=`). Their queries carry link tokens, codes and sign-on tokens under names
 * that may change with the provider, so none of it is kept.
 */
const TOKEN_PATH_ROOTS: readonly string[] = ['/oidc', '/auth', '/help'];

/** Whether a request path (without its query) is one whose query string is never logged: a TOKEN_PATH_ROOTS path or below one. */
export function isTokenBearingPath(path: string): boolean {
  const lower = path.toLowerCase();
  return TOKEN_PATH_ROOTS.some((root) => lower === root || lower.startsWith(`${root}/`));
}

/**
 * A request path as it may be logged: on a token-bearing path (isTokenBearingPath) without its
 * query string (`/oidc/verify?token=abc` -> `/oidc/verify?...`); elsewhere with the values of
 * SECRET_PARAMETERS replaced by `***` (`/x?code=***&page=2`).
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const path = url.slice(0, query);
  if (isTokenBearingPath(path)) return `${path}?...`;
  const parts = url.slice(query + 1).split('&').map((part) => {
    const equals = part.indexOf('=');
    const name = equals < 0 ? part : part.slice(0, equals);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is logged as it came.
    }
    return equals >= 0 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=***` : part;
  });
  return `${path}?${parts.join('&')}`;
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
 * The pino options of the server's logger: JSON lines at LOG_LEVEL, tagged with service,
 * environment and version, request URLs without sign-in secrets (redactUrl). buildApp hands the
 * same options to Fastify when no logger is passed, so no request line keeps a link token.
 */
export function serverLoggerOptions(config: Pick<Config, 'logLevel' | 'env' | 'version'>): LoggerOptions {
  return {
    level: config.logLevel,
    base: { service: 'clearway-server', env: config.env, version: config.version },
    serializers: { req: requestForLog },
  };
}

/** The server's pino logger (serverLoggerOptions). `destination` defaults to stdout (tests pass a capture). */
export function createServerLogger(config: Pick<Config, 'logLevel' | 'env' | 'version'>, destination?: DestinationStream): Logger {
  const options = serverLoggerOptions(config);
  return destination === undefined ? pino(options) : pino(options, destination);
}
