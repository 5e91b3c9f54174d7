import type { OutgoingMail } from '../mailer.js';
import type { IdpUser } from '../users.js';
import { BUILTIN_ISSUER_PATH } from './paths.js';

/** The confirmation mail of a new account (or of a sign-in before confirming): a link on `origin`, valid 48 h. */
export function verificationMail(user: IdpUser, origin: string, token: string): OutgoingMail {
  const link = `${origin}${BUILTIN_ISSUER_PATH}/verify?token=${token}`;
  return {
    to: user.email,
    kind: 'verify',
    link,
    subject: 'Confirm your e-mail address for Clearway',
    text: `Hello ${user.fullName},\n\nconfirm your e-mail address for Clearway by opening this link within 48 hours:\n\n${link}\n\nIf you did not create an account, ignore this mail.\n`,
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
    text: `Hello ${user.fullName},\n\nset a new Clearway password by opening this link within an hour:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  };
}
