import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../http/index.js';
import { randomToken, readCookies, setCookie } from './cookies.js';
import { PAGE_STYLES } from './pageTheme.js';

/** A complete hosted page in the app's day or night colours (pageTheme.ts) under a Clearway bar; `body` is already-escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Clearway</title>
<meta name="color-scheme" content="light dark">
<style>
${PAGE_STYLES}
</style>
</head>
<body>
<header>Clearway</header>
<main>
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
