import type { OutgoingMail } from '../mailer.js';
import { isPlainName, type IdpUser } from '../users.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';

/** `Hello Amelia Earhart,`, or `Hello,` when the stored name is not plain (isPlainName): a name never puts a line or a link into a mail. */
function greeting(user: IdpUser): string {
  const name = user.fullName.trim();
  return name !== '' && isPlainName(name) ? `Hello ${name},` : 'Hello,';
}

/** The confirmation mail of a new account (or of a sign-in before confirming): a link on `origin`, valid 48 h. */
export function verificationMail(user: IdpUser, origin: string, token: string): OutgoingMail {
  const link = `${origin}${BUILTIN_ISSUER_PATH}/verify?token=${token}`;
  return {
    to: user.email,
    kind: 'verify',
    link,
    subject: 'Confirm your e-mail address for Clearway',
    text: `${greeting(user)}\n\nconfirm your e-mail address for Clearway by opening this link within 48 hours:\n\n${link}\n\nIf you did not create an account, ignore this mail.\n`,
  };
}

/** The password reset mail: a link on `origin`, valid 1 h. */
export function resetMail(user: IdpUser, origin: string, token: string): OutgoingMail {
  const link = `${origin}${BUILTIN_ISSUER_PATH}/reset?token=${token}`;
  return {
    to: user.email,
    kind: 'reset',
    link,
    subject: 'Reset your Clearway password',
    text: `${greeting(user)}\n\nset a new Clearway password by opening this link within an hour:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  };
}

/**
 * The mail to the owner of an address that someone tried to register again: the page answered as
 * for a new address (no account enumeration), and the owner learns of it here. Its link is the
 * password reset form (no token).
 */
export function alreadyRegisteredMail(user: IdpUser, origin: string): OutgoingMail {
  const link = `${origin}${BUILTIN_ISSUER_PATH}/forgot`;
  return {
    to: user.email,
    kind: 'registered',
    link,
    subject: 'Your Clearway account already exists',
    text: `${greeting(user)}\n\nsomeone tried to create a Clearway account with this e-mail address, which already has one. If it was you, sign in with your password, or choose a new one here:\n\n${link}\n\nIf it was not you, ignore this mail; nothing has changed.\n`,
  };
}
