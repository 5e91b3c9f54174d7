import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, readCookies, setCookie } from './cookies.js';

/** HTML-escapes text for element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/** A complete hosted page; `body` is already-escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Clearway</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;color:#1b1f24}
main{max-width:380px;margin:8vh auto;background:#fff;padding:28px 32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.4em;margin:0 0 16px}
label{display:block;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:9px;border:1px solid #b8c0c8;border-radius:4px;font-size:1em}
button{margin-top:18px;width:100%;padding:10px;border:0;border-radius:4px;background:#1565c0;color:#fff;font-size:1em;cursor:pointer}
.error{background:#fdecea;color:#8a1c13;padding:10px;border-radius:4px;margin:0 0 12px}
.notice{background:#e8f4fd;color:#0b4a78;padding:10px;border-radius:4px;margin:0 0 12px}
nav{margin-top:18px;font-size:.95em;display:flex;justify-content:space-between;gap:12px}
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

/** An error box, or nothing. */
export function errorBox(message: string | undefined): string {
  return message === undefined ? '' : `<p class="error" role="alert">${escapeHtml(message)}</p>`;
}

export function noticeBox(message: string | undefined): string {
  return message === undefined ? '' : `<p class="notice" role="status">${escapeHtml(message)}</p>`;
}

/** Sends a hosted page, never cached and never framed. */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .send(page(title, body));
}

export const CSRF_COOKIE = 'cw_csrf';
export const CSRF_FIELD = '_csrf';

/**
 * The CSRF token for a form (double-submit): the value of the `cw_csrf` cookie, set to a fresh random
 * token when missing. A POST must carry the same value in its `_csrf` field; another site can
 * neither read the cookie nor set it.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readCookies(request).get(CSRF_COOKIE);
  if (existing !== undefined && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  setCookie(reply, CSRF_COOKIE, token, { maxAge: 2 * 3600, secure });
  return token;
}

export function csrfField(token: string): string {
  return `<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(token)}">`;
}

/** True when the form's `_csrf` matches the cookie. */
export function csrfValid(request: FastifyRequest, form: Record<string, string>): boolean {
  const cookie = readCookies(request).get(CSRF_COOKIE);
  return cookie !== undefined && form[CSRF_FIELD] === cookie;
}

/** Fields of an application/x-www-form-urlencoded body (the last value wins). */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}
