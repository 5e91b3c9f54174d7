/** Where the built-in provider lives on this server. */
export const BUILTIN_ISSUER_PATH = '/oidc';
/** The built-in provider's one client: this server's relying party. */
export const BUILTIN_CLIENT_ID = 'clearway-web';

/** The issuer URL of the built-in provider at an origin (`http://192.168.1.20:8080` -> `http://192.168.1.20:8080/oidc`). */
export function builtinIssuer(origin: string): string {
  return `${origin}${BUILTIN_ISSUER_PATH}`;
}
