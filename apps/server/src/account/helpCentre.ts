import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { BillingConfig } from '../config/index.js';
import { rowNumber, type Database } from '../db/index.js';
import { escapeHtml } from '../http/index.js';

/** What get_zendesk_jwt is asked for (spec part 1 §7): help centre sign-in, the widget, or chat. */
export const HELP_TOKEN_TYPES = ['sso', 'widget', 'chat'] as const;
export type HelpTokenType = (typeof HELP_TOKEN_TYPES)[number];

/** Who the token names. */
export interface HelpUser {
  custId: string;
  email: string;
  name: string;
}

/** Lifetime of a token, seconds: it is used at once to open the help centre. */
export const HELP_TOKEN_SECONDS = 300;
const BUILT_IN_AUDIENCE = 'clearway-help';
const BUILT_IN_ISSUER = 'clearway';

/**
 * Makes the tokens of get_zendesk_jwt: Zendesk JWT (HS256 with the shared secret; claims name,
 * email, external_id, iat, jti, exp, and scope 'user' plus the key id header for the messaging
 * widget) when ZENDESK_SHARED_SECRET is set, else a token for the built-in help centre at /help.
 *
 * A built-in token opens the help centre once (issue 26 point 10): only an `sso` token is accepted
 * there (a widget or chat token is not a sign-in), and its `jti` is recorded when it is used, in the
 * `help_token_uses` table when a database is given (every server process sees it), else in this
 * process; a second use is refused as an invalid link. The token is in the URL for the one request
 * that opens the page; the request log drops query strings of that path (http/).
 */
export class HelpTokens {
  private readonly builtInKey: Uint8Array;
  /** Used jtis with their expiry, ms, when no database is given. */
  private readonly usedHere = new Map<string, number>();

  constructor(
    private readonly config: Pick<BillingConfig, 'zendesk' | 'helpCentreSecret'>,
    private readonly helpPath = '/help',
    private readonly db?: Database,
  ) {
    this.builtInKey = config.helpCentreSecret === null ? randomBytes(32) : new TextEncoder().encode(config.helpCentreSecret);
  }

  get usesZendesk(): boolean {
    return this.config.zendesk !== null;
  }

  /** The token and, for sso, the address that signs the user in (open it in a new window). */
  async issue(type: HelpTokenType, user: HelpUser, now: number): Promise<{ jwt: string; url: string | null }> {
    const iat = Math.floor(now / 1000);
    const zendesk = this.config.zendesk;
    if (zendesk !== null) {
      const header: { alg: 'HS256'; typ: 'JWT'; kid?: string } = { alg: 'HS256', typ: 'JWT' };
      if (type === 'widget' && zendesk.keyId !== null) header.kid = zendesk.keyId;
      const jwt = await new SignJWT({ name: user.name, email: user.email, external_id: user.custId, ...(type === 'widget' ? { scope: 'user' } : {}) })
        .setProtectedHeader(header)
        .setIssuedAt(iat)
        .setJti(randomUUID())
        .setExpirationTime(iat + HELP_TOKEN_SECONDS)
        .sign(new TextEncoder().encode(zendesk.sharedSecret));
      const url = type === 'sso' && zendesk.subdomain !== null ? `https://${zendesk.subdomain}.zendesk.com/access/jwt?jwt=${encodeURIComponent(jwt)}` : null;
      return { jwt, url };
    }
    const jwt = await new SignJWT({ name: user.name, email: user.email, type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.custId)
      .setIssuer(BUILT_IN_ISSUER)
      .setAudience(BUILT_IN_AUDIENCE)
      .setIssuedAt(iat)
      .setJti(randomUUID())
      .setExpirationTime(iat + HELP_TOKEN_SECONDS)
      .sign(this.builtInKey);
    return { jwt, url: type === 'sso' ? `${this.helpPath}?jwt=${encodeURIComponent(jwt)}` : null };
  }

  /**
   * The user of a built-in help centre sign-in token, used up by this call; null when it is forged,
   * expired, not an `sso` token, or was used before.
   */
  async verifyBuiltIn(jwt: string, now: number): Promise<HelpUser | null> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(jwt, this.builtInKey, {
        algorithms: ['HS256'],
        audience: BUILT_IN_AUDIENCE,
        issuer: BUILT_IN_ISSUER,
        currentDate: new Date(now),
        requiredClaims: ['jti', 'exp', 'sub'],
      }));
    } catch {
      return null;
    }
    if (payload['type'] !== 'sso' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    if (typeof payload.sub !== 'string' || typeof payload['email'] !== 'string' || typeof payload['name'] !== 'string') return null;
    if (!(await this.useOnce(payload.jti, payload.exp * 1000, now))) return null;
    return { custId: payload.sub, email: payload['email'], name: payload['name'] };
  }

  /** Records a token id as used; false when it was already (only one of two racing uses wins). */
  private async useOnce(jti: string, expiresAt: number, now: number): Promise<boolean> {
    if (this.db === undefined) {
      for (const [used, until] of this.usedHere) if (until <= now) this.usedHere.delete(used);
      if (this.usedHere.has(jti)) return false;
      this.usedHere.set(jti, expiresAt);
      return true;
    }
    const result = await this.db.kysely
      .insertInto('help_token_uses')
      .values({ jti, expires_at: expiresAt })
      .onConflict((conflict) => conflict.column('jti').doNothing())
      .executeTakeFirst();
    return rowNumber(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}

const ARTICLES: ReadonlyArray<readonly [string, string]> = [
  ['Starting the free trial', 'Sign in and choose Get Free Trial on the subscription screen. The trial includes every standard feature until it ends.'],
  ['Subscriptions', 'Standard Monthly is $14.95 and Standard Annual is $144.95. Both renew automatically; cancel anytime. Sorry, no refunds.'],
  ['Devices', 'One subscription covers up to 4 devices. Remove a device from the account page to add another.'],
  ['Offline use', 'Download maps, charts and nav data from Downloads before the flight; the app works offline afterwards.'],
];

/** The built-in help centre page, signed in as `user` (null: the sign-in token was not accepted). */
export function helpCentrePage(user: HelpUser | null): string {
  const body = user === null
    ? '<p>This help centre link has expired or is not valid. Open the help centre again from the app.</p>'
    : `<p>Signed in as ${escapeHtml(user.name.includes('@') ? 'Aviator' : user.name)} (${escapeHtml(user.email)}).</p>\n` +
      ARTICLES.map(([title, text]) => `<section><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></section>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clearway Help Center</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#13406A}h1{color:#0d2c51}</style>
</head><body><h1>Clearway Help Center</h1>
${body}
</body></html>`;
}

/** The purge of used help-centre token ids whose tokens have expired runs hourly (one of N processes: jobs/). */
export const HELP_TOKEN_PURGE_PERIOD_MS = 3600_000;

/** The periodic job of that purge (a jobs/ Job, described structurally so account needs no jobs import). */
export function helpTokenPurgeJob(db: Database): { name: string; periodMs: number; run(context: { now: number }): Promise<void> } {
  return {
    name: 'help_token_uses_purge',
    periodMs: HELP_TOKEN_PURGE_PERIOD_MS,
    async run({ now }) {
      await db.kysely.deleteFrom('help_token_uses').where('expires_at', '<', now).execute();
    },
  };
}
