import { escapeHtml } from '../../http/index.js';
import { errorBox, noticeBox } from '../pages.js';
import { MIN_PASSWORD_LENGTH } from '../users.js';
import { IDP_TEXT } from './text.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';

/**
 * The bodies of the built-in provider's hosted pages (sendPage in ../pages.ts wraps them in the
 * Clearway page). `csrf` is the hidden CSRF field (csrfField); every value is escaped here.
 */
export interface HostedPage {
  title: string;
  body: string;
}

/** The login form of an authorization request. */
export function loginPage(csrf: string, uid: string, email: string, message?: string, notice?: string): HostedPage {
  return {
    title: 'Sign in',
    body: `${errorBox(message)}${noticeBox(notice)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/interaction/${escapeHtml(uid)}/login" autocomplete="on">
${csrf}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<nav><a href="${BUILTIN_ISSUER_PATH}/register">Create an account</a><a href="${BUILTIN_ISSUER_PATH}/forgot">Forgot your password?</a></nav>`,
  };
}

/** A sign-in page whose interaction is gone (expired, or its cookie lost). */
export function expiredInteractionPage(): HostedPage {
  return { title: 'Sign in', body: `${errorBox(IDP_TEXT.expiredInteraction)}<p><a href="/auth/login">Start again</a></p>` };
}

/** A login form posted with a bad CSRF token. */
export function expiredLoginFormPage(): HostedPage {
  return { title: 'Sign in', body: `${errorBox(IDP_TEXT.expiredForm)}<p><a href="/auth/login">Start again</a></p>` };
}

/** The registration form. */
export function registerPage(csrf: string, values: { name: string; email: string }, message?: string): HostedPage {
  return {
    title: 'Create an account',
    body: `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/register">
${csrf}
<label for="full_name">Full name</label><input id="full_name" name="full_name" autocomplete="name" required value="${escapeHtml(values.name)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email)}">
<label for="password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
<label for="password_confirm">Repeat the password</label><input id="password_confirm" name="password_confirm" type="password" autocomplete="new-password" required>
<button type="submit">Create account</button>
</form>
<nav><a href="/auth/login">I already have an account</a></nav>`,
  };
}

/** After registering: the confirmation link went to `email`. */
export function registeredPage(email: string): HostedPage {
  return {
    title: 'Check your e-mail',
    body: `<p>We have sent a link to <strong>${escapeHtml(email)}</strong>. Open it to confirm your address, then sign in.</p><nav><a href="/auth/login">Sign in</a></nav>`,
  };
}

/** The confirmation link's page: a button, so mail scanners that open links confirm nothing. */
export function verifyPage(csrf: string, token: string): HostedPage {
  return {
    title: 'Confirm your e-mail address',
    body: `<form method="post" action="${BUILTIN_ISSUER_PATH}/verify">
${csrf}<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Confirm e-mail address</button></form>`,
  };
}

/** A confirmation link that cannot be used, or a confirmation form with a bad CSRF token (`message`). */
export function verifyProblemPage(message: string, withSignIn: boolean): HostedPage {
  return { title: 'Confirm your e-mail address', body: withSignIn ? `${errorBox(message)}<nav><a href="/auth/login">Sign in</a></nav>` : errorBox(message) };
}

/** The address is confirmed. */
export function verifiedPage(): HostedPage {
  return { title: 'E-mail address confirmed', body: `${noticeBox(IDP_TEXT.verified)}<nav><a href="/auth/login">Sign in</a></nav>` };
}

/** The form asking for a reset link. */
export function forgotPage(csrf: string, email: string, message?: string): HostedPage {
  return {
    title: 'Reset your password',
    body: `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/forgot">
${csrf}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<button type="submit">Send reset link</button>
</form>
<nav><a href="/auth/login">Sign in</a></nav>`,
  };
}

/** After asking for a reset link: the same answer whether or not the address has an account. */
export function resetSentPage(email: string): HostedPage {
  return {
    title: 'Check your e-mail',
    body: `<p>If an account exists for <strong>${escapeHtml(email)}</strong>, we have sent it a link to reset the password.</p><nav><a href="/auth/login">Sign in</a></nav>`,
  };
}

/** The new-password form of a reset link. */
export function resetPage(csrf: string, token: string, message?: string): HostedPage {
  return {
    title: 'Choose a new password',
    body: `${errorBox(message)}
<form method="post" action="${BUILTIN_ISSUER_PATH}/reset">
${csrf}<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label><input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
<label for="password_confirm">Repeat the password</label><input id="password_confirm" name="password_confirm" type="password" autocomplete="new-password" required>
<button type="submit">Change password</button>
</form>`,
  };
}

/** A reset link that cannot be used. */
export function resetLinkProblemPage(message: string): HostedPage {
  return { title: 'Choose a new password', body: `${errorBox(message)}<nav><a href="${BUILTIN_ISSUER_PATH}/forgot">Request a new link</a></nav>` };
}

/** The password is changed. */
export function passwordChangedPage(): HostedPage {
  return { title: 'Password changed', body: `${noticeBox(IDP_TEXT.passwordChanged)}<nav><a href="/auth/login">Sign in</a></nav>` };
}
