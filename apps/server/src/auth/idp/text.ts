import { isBreachedPassword } from '../breachedPasswords.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../users.js';

/** Texts of the hosted pages that tests and the web client may look for. */
export const IDP_TEXT = {
  missingCredentials: 'Enter your e-mail address and password.',
  wrongPassword: 'Incorrect e-mail address or password.',
  tooManyAttempts: 'Too many sign-in attempts. Wait 15 minutes and try again, or reset your password.',
  tooManyMails: 'Too many requests from your network. Wait an hour and try again.',
  expiredForm: 'This form has expired. Go back to the app and sign in again.',
  expiredInteraction: 'This sign-in page has expired.',
  nameMissing: 'Enter your name.',
  nameNotPlain: 'Enter your name only, on one line: no web addresses, e-mail addresses or line breaks.',
  emailInvalid: 'Enter a valid e-mail address, such as pilot@example.com.',
  passwordShort: `Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`,
  passwordLong: `Use at most ${MAX_PASSWORD_LENGTH} characters for the password.`,
  passwordMismatch: 'The two passwords do not match.',
  passwordBreached: 'This password is on a list of commonly used passwords that attackers try first. Choose another.',
  verifyFirst: (email: string) => `Confirm your e-mail address first: we have sent a new link to ${email}.`,
  verifyFirstRecentlySent: (email: string) => `Confirm your e-mail address first: use the link we sent to ${email} in the last 10 minutes.`,
  linkUnknown: 'This link is not valid. Request a new one.',
  linkExpired: 'This link has expired. Request a new one.',
  linkUsed: 'This link has already been used.',
  verified: 'Your e-mail address is confirmed. You can now sign in.',
  passwordChanged: 'Your password has been changed. You can now sign in.',
} as const;

/** The text of a mailed link that cannot be used. */
export function linkProblemText(problem: 'unknown' | 'expired' | 'used'): string {
  return problem === 'expired' ? IDP_TEXT.linkExpired : problem === 'used' ? IDP_TEXT.linkUsed : IDP_TEXT.linkUnknown;
}

/** What is wrong with a new password and its repetition, or undefined when it will do. */
export function passwordProblem(password: string, confirm: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return IDP_TEXT.passwordShort;
  if (password.length > MAX_PASSWORD_LENGTH) return IDP_TEXT.passwordLong;
  if (password !== confirm) return IDP_TEXT.passwordMismatch;
  if (isBreachedPassword(password)) return IDP_TEXT.passwordBreached;
  return undefined;
}
