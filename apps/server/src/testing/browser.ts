// What a test needs to act as a browser against a listening app over real HTTP: a free port (the
// origin must be known before the app is built), a cookie jar, and the CSRF field and action of the
// provider's forms. Used by the security suite's kit (security/signInKit.ts) and the sign-in tests.
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A browser's cookie jar: honours Path, Max-Age=0 and a past Expires, sends every matching cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      let path = '/';
      let remove = false;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) remove = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) remove = true;
      }
      const key = `${name};${path}`;
      if (remove) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  /** Puts a cookie in the jar by hand (path /), as a forger would. */
  set(name: string, value: string): void {
    this.cookies.set(`${name};/`, { name, value, path: '/' });
  }
}

/** The CSRF token of the form in a provider page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (match?.[1] === undefined) throw new Error(`no CSRF field in ${html}`);
  return match[1];
}

/** Where the (first) form of a provider page posts to. */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (match?.[1] === undefined) throw new Error(`no form in ${html}`);
  return match[1].replace(/&amp;/g, '&');
}
