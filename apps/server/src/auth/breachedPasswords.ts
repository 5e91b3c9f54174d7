import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The commonly breached passwords of zxcvbn-ts' common dictionary (@zxcvbn-ts/language-common,
 * about 49,000 passwords from public breaches, most used first), lower-cased, loaded once.
 */
let breached: ReadonlySet<string> | undefined;
function breachedPasswords(): ReadonlySet<string> {
  breached ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return breached;
}

/** A digit, punctuation mark or symbol: what people put around a common word. */
const FILLER = /^[\d\p{P}\p{S}]$/u;

/** The text without filler characters at either end (a linear scan: no backtracking pattern). */
function withoutFiller(text: string): string {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && FILLER.test(chars[start] ?? '')) start += 1;
  while (end > start && FILLER.test(chars[end - 1] ?? '')) end -= 1;
  return chars.slice(start, end).join('');
}

/**
 * True when the password is one of the commonly breached passwords, compared lower-cased and without
 * spaces, also after dropping digits and punctuation at its ends (`Password123456!` is `password`)
 * and when it is one listed password twice (`dragondragon`).
 */
export function isBreachedPassword(password: string): boolean {
  const list = breachedPasswords();
  const plain = password.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
  const core = withoutFiller(plain);
  const half = plain.length % 2 === 0 ? plain.slice(0, plain.length / 2) : '';
  return list.has(plain) || (core !== '' && list.has(core)) || (half !== '' && half + half === plain && list.has(half));
}
