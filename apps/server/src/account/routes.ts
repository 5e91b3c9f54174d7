import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_ENDPOINT_PATHS } from '@clearway/protocol';
import { AttemptCounter, checkPassword, requireSession, SESSION_COOKIE, sessionUserOf, type SessionResolver, type SessionUser } from '../auth/index.js';
import {
  buildLoginProfile,
  CALL_BODY_LIMIT_BYTES,
  CALL_SIGNED_OUT_ERROR,
  callBodyErrors,
  customerBody,
  ensureLicence,
  LICENCE_CODE,
  namesFromEmail,
  profileHasValidLicence,
  profileTrialAvailable,
  startTrial,
  type LicenceState,
  type LoginProfile,
  type ProfileNames,
  createStripeClient,
} from '../billing/index.js';
import type { BillingConfig } from '../config/index.js';
import { rowNumber, type Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import { announceSessionsEnded, type RealtimeHub } from '../realtime/index.js';
import { ACCOUNT_DELETE_ATTEMPT, deleteCustomer, liveSubscriptionsOf, stripeCanceller, type SubscriptionCanceller } from './deletion.js';
import { ACCOUNT_EXPORT_ATTEMPT, ACCOUNT_TEXT, exportFileName, exportOf } from './export.js';
import { helpCentrePage, HELP_TOKEN_TYPES, HelpTokens } from './helpCentre.js';

export interface AccountRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  config: BillingConfig;
  /** True when payments go through the built-in test provider (config.stripe unset by default). */
  testMode?: boolean;
  /** The profile names sign-in stored for a customer; by default made from the e-mail. */
  profileNames?: (user: SessionUser) => Promise<ProfileNames | null>;
  /** Location of the caller for the profile's geoip field; null by default. */
  geoip?: (request: FastifyRequest) => unknown;
  /** The profile REST base; default DEFAULT_ENDPOINT_PATHS.profileRest.path (/api). */
  basePath?: string;
  /** Path of the built-in help centre page; default /help. */
  helpPath?: string;
  now?: () => number;
  /**
   * How deletion re-authenticates: 'password' (the built-in sign-in: the current password in the
   * body) or 'recent-sign-in' (an external issuer: the session began at most RECENT_SIGN_IN_MS ago).
   */
  reauth?: 'password' | 'recent-sign-in';
  /** The realtime hub: sockets of the deleted account's sessions are closed. */
  hub?: RealtimeHub;
  /** Cancels the Stripe subscriptions before deletion; default from config.stripe (null without Stripe: test purchases need no cancelling). */
  canceller?: SubscriptionCanceller | null;
}

/** How recent a sign-in must be to delete an account with an external issuer, ms (5 minutes). */
export const RECENT_SIGN_IN_MS = 5 * 60_000;
/**
 * Exports per customer in an hour: an export reads every synced record and builds them as one JSON
 * reply (up to the 32 MiB sync quota, more as indented JSON), so a script repeating it costs the
 * server real work; a pilot saving their data needs one or two.
 */
export const ACCOUNT_EXPORT_LIMIT = { max: 5, windowMs: 60 * 60_000 };
/** Deletion tries (wrong passwords included) per customer in 15 minutes. */
export const ACCOUNT_DELETE_LIMIT = { max: 5, windowMs: 15 * 60_000 };
/** The account data paths under the profile REST base. */
export const ACCOUNT_EXPORT_PATH = '/account/export';
export const ACCOUNT_DELETE_PATH = '/account/delete';

const deleteRequest = z.object({ cust_id: z.string().trim().min(1).max(128), password: z.string().max(1024).optional() });

const custOnly = z.object({ cust_id: z.string().trim().min(1).max(128) });
const helpTokenRequest = z.object({ cust_id: z.string().trim().min(1).max(128), type: z.enum(HELP_TOKEN_TYPES) });

/**
 * Account calls of spec part 1 §7: `POST {api}/account` (the login profile, §3), `POST
 * {api}/start_trial` (this server's name: the spec shows no trial call), `POST
 * {api}/get_zendesk_jwt`, the built-in help centre page `GET /help?jwt=...`, and the account's data
 * (issue 26 point 7): `GET {api}/account/export` and `POST {api}/account/delete` (re-authenticated,
 * Stripe subscriptions cancelled first, every row of the customer deleted in one transaction).
 */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, sessions, config } = options;
  const base = options.basePath ?? DEFAULT_ENDPOINT_PATHS.profileRest.path;
  const helpPath = options.helpPath ?? '/help';
  const now = options.now ?? Date.now;
  const testMode = options.testMode ?? config.stripe === null;
  const helpTokens = new HelpTokens(config, helpPath, db);

  installBodyErrors(app, callBodyErrors());
  // After the body is parsed (a malformed one still gets its 400), before the handler.
  const signedIn = requireSession(sessions, CALL_SIGNED_OUT_ERROR);

  async function profileOf(user: SessionUser, state: LicenceState, request: FastifyRequest, at: number): Promise<LoginProfile> {
    const names = (await options.profileNames?.(user)) ?? namesFromEmail(user.email);
    return buildLoginProfile(state, { now: at, trialDays: config.trialDays, names, geoip: options.geoip?.(request) ?? null, testMode });
  }

  app.post(`${base}/account`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(custOnly, request, reply);
    if (call === null) return reply;
    const at = now();
    const state = await ensureLicence(db, call.user.custId, call.user.email, at);
    return profileOf(call.user, state, request, at);
  });

  app.post(`${base}/start_trial`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(custOnly, request, reply);
    if (call === null) return reply;
    const at = now();
    const state = await ensureLicence(db, call.user.custId, call.user.email, at);
    const started = startTrial(state, at, config.trialDays);
    if (!started.ok) {
      const message = started.reason === 'licensed' ? 'A valid licence is active: no trial is needed' : 'The free trial is not available for this account';
      return reply.code(409).send({ error: message, login_profile: await profileOf(call.user, state, request, at) });
    }
    if (started.started) {
      // Only the first of two simultaneous starts writes (the trial start stays null until then).
      await db.kysely
        .updateTable('billing_customers')
        .set({ trial_started_at: started.state.trialStartedAt, trial_expires_at: started.state.trialExpiresAt, updated_at: at })
        .where('cust_id', '=', state.custId)
        .where('trial_started_at', 'is', null)
        .execute();
    }
    const stored = await ensureLicence(db, call.user.custId, call.user.email, at);
    return profileOf(call.user, stored, request, at);
  });

  app.post(`${base}/get_zendesk_jwt`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(helpTokenRequest, request, reply);
    if (call === null) return reply;
    const at = now();
    const state = await ensureLicence(db, call.user.custId, call.user.email, at);
    const profile = await profileOf(call.user, state, request, at);
    // Spec §6: support only with a valid licence or an available trial.
    if (!profileHasValidLicence(profile, at) && !profileTrialAvailable(profile, at)) {
      return reply.code(403).send({ error: 'Support needs a valid licence or an available trial', code: LICENCE_CODE.TRIAL_NOT_AVAILABLE });
    }
    const name = profile.trial.profile.full_name;
    const token = await helpTokens.issue(call.body.type, { custId: state.custId, email: state.email, name }, at);
    return { jwt: token.jwt, url: token.url, provider: helpTokens.usesZendesk ? 'zendesk' : 'built-in' };
  });

  const attempts = new AttemptCounter(db);

  // Who: the session's customer only. How often: ACCOUNT_EXPORT_LIMIT per account, counted before
  // any record is read. How big: the customer's records, at most the sync quota. From where: a GET,
  // changes nothing (the cross-site guard is for state-changing methods); no-store.
  app.get(`${base}${ACCOUNT_EXPORT_PATH}`, { preHandler: signedIn }, async (request, reply) => {
    const user = sessionUserOf(request);
    const at = now();
    const retryAfter = await attempts.take(`${ACCOUNT_EXPORT_ATTEMPT}${user.custId}`, ACCOUNT_EXPORT_LIMIT, at);
    if (retryAfter > 0) {
      request.log.warn({ custId: user.custId }, 'account export refused: limit per account reached');
      return reply.code(429).header('retry-after', String(retryAfter)).send({ error: `${ACCOUNT_TEXT.tooManyExports} ${retryAfter} s` });
    }
    const data = await exportOf(db, user.custId, at);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(at)}"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  const reauth = options.reauth ?? 'password';
  const canceller = options.canceller !== undefined ? options.canceller : config.stripe === null ? null : stripeCanceller(createStripeClient(config.stripe.secretKey));

  app.post(`${base}${ACCOUNT_DELETE_PATH}`, { bodyLimit: CALL_BODY_LIMIT_BYTES, preHandler: signedIn }, async (request, reply) => {
    const call = await customerBody(deleteRequest, request, reply);
    if (call === null) return reply;
    const { user } = call;
    const at = now();
    const retryAfter = await attempts.take(`${ACCOUNT_DELETE_ATTEMPT}${user.custId}`, ACCOUNT_DELETE_LIMIT, at);
    if (retryAfter > 0) {
      return reply.code(429).header('retry-after', String(retryAfter)).send({ error: `${ACCOUNT_TEXT.tooManyTries} ${retryAfter} s` });
    }
    if (reauth === 'password') {
      const password = call.body.password ?? '';
      if (password === '' || (await checkPassword(db, user.email, password)) === undefined) {
        return reply.code(403).send({ error: ACCOUNT_TEXT.wrongPassword, code: 'reauth_failed' });
      }
    } else {
      const session = await db.kysely.selectFrom('auth_sessions').select('created_at').where('id_hash', '=', user.sessionId).executeTakeFirst();
      if (session === undefined || Date.now() - rowNumber(session.created_at) > RECENT_SIGN_IN_MS) {
        return reply.code(403).send({ error: ACCOUNT_TEXT.signInAgain, code: 'reauth_required' });
      }
    }
    // Cancel first: while Stripe may still charge, nothing is deleted.
    let cancelled: string[] = [];
    if (canceller !== null) {
      const subscriptions = await liveSubscriptionsOf(db, user.custId, canceller.api);
      try {
        for (const id of subscriptions) await canceller.cancel(id);
      } catch (error) {
        request.log.error({ err: error, custId: user.custId }, 'account deletion: a subscription could not be cancelled');
        return reply.code(502).send({ error: ACCOUNT_TEXT.cancelFailed });
      }
      cancelled = subscriptions;
    }
    const userRow = await db.kysely.selectFrom('auth_users').select('id').where('email', '=', user.email.toLowerCase()).executeTakeFirst();
    const deletion = await deleteCustomer(db, { custId: user.custId, email: user.email.toLowerCase(), userId: userRow?.id ?? null });
    if (options.hub !== undefined) await announceSessionsEnded(options.hub, user.custId, deletion.endedSessions);
    request.log.info({ custId: user.custId, deleted: deletion.deleted, cancelled: cancelled.length }, 'account deleted');
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT`)
      .send({ deleted: true, cancelled_subscriptions: cancelled.length });
  });

  app.get<{ Querystring: { jwt?: string } }>(helpPath, async (request, reply) => {
    const jwt = typeof request.query.jwt === 'string' ? request.query.jwt : '';
    const user = jwt === '' ? null : await helpTokens.verifyBuiltIn(jwt, now());
    return reply
      .code(user === null ? 401 : 200)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      // The page has no scripts or outside resources; only its own inline style.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(helpCentrePage(user));
  });
}
