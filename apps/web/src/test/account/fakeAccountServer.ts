// Test helper. In jsdom unit tests the server is the edge: this fetch stub answers /auth/me,
// /auth/logout, /api/account, /api/start_trial, /api/get_key, /api/checkout_subscription,
// GET /api/devices, DELETE /api/devices/{uuid}, POST /api/devices/sign_out_others,
// GET /api/account/export, POST /api/account/delete and /api/get_zendesk_jwt the way
// apps/server/README.md ("Sign-in", "Billing") documents them, with the built-in test provider's
// card rules for the few cards the tests use. The real server is exercised by e2e/account.e2e.ts.
// Every body goes out through its schema of @clearway/protocol src/account.ts (checkReply), which
// the server's tests check its real replies against (apps/server src/account/contract.test.ts): a
// reply here that drifts from the definition fails the test that asked for it, naming the field.
import {
  accountDeletedSchema,
  accountErrorSchema,
  accountExportSchema,
  authUserSchema,
  checkoutResultSchema,
  checkReply,
  deviceListSchema,
  helpTokenSchema,
  loginProfileSchema,
  purchaseKeySchema,
  signOutOthersSchema,
  trialRefusedSchema,
} from '@clearway/protocol';
import { onTestFinished } from 'vitest';
import type { SyncDevice } from '../../features/account/devicesClient';
import type { AuthUser, ServerLoginProfile, Sku } from '../../features/account/licence';

const DAY_MS = 86_400_000;

/**
 * A device as the fake stores it. The server works out `signed_in` and `this_session` from the
 * sessions; a test that leaves them out gets a signed-in device of another session.
 */
export type FakeDevice = Omit<SyncDevice, 'signed_in' | 'this_session'> & Partial<Pick<SyncDevice, 'signed_in' | 'this_session'>>;

export interface FakeAccountServer {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  calls: Array<{ path: string; body: unknown }>;
  state: {
    user: AuthUser | null;
    profile: ServerLoginProfile;
    /** The customer's sync devices (GET /api/devices answers them with limit 4). */
    devices: FakeDevice[];
    /** Who serves the help centre: the built-in /help page (default) or Zendesk (with or without a subdomain). */
    help: 'built-in' | 'zendesk' | 'zendesk-no-subdomain';
    /** Signed-in sessions of the account other than this browser's (GET /api/devices other_sessions). */
    otherSessions: number;
    /** The current password POST /api/account/delete asks for (the built-in sign-in). */
    password: string;
    /** Set once the account is deleted. */
    deleted: boolean;
  };
}

type ReplySchema = Parameters<typeof checkReply>[1];

/**
 * Checks a reply body against its schema. A drift throws (the page under test gets a failed fetch)
 * and fails the test that asked with zod's words naming the endpoint and the field, whatever the
 * page then shows.
 */
function checked(endpoint: string, status: number, schema: ReplySchema, body: unknown): void {
  try {
    checkReply(`${endpoint} (fake account server, ${status})`, schema, body);
  } catch (error) {
    onTestFinished(() => {
      throw error;
    });
    throw error;
  }
}

/** A JSON reply whose body is first checked against its schema. */
function json(status: number, endpoint: string, schema: ReplySchema, body: unknown): Response {
  checked(endpoint, status, schema, body);
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error reply, as the server's: `{error}` and sometimes a code. */
function failure(status: number, endpoint: string, body: { error: string; code?: string | number }): Response {
  return json(status, endpoint, accountErrorSchema, body);
}

/** The 401 texts of the server's session checks: /auth/me's, the devices routes' (sync) and the account and payment calls'. */
function signedOutText(path: string): string {
  if (path === '/auth/me') return 'Sign in required: no valid session';
  if (path.startsWith('/api/devices')) return 'Sign in to sync';
  return 'Not signed in';
}

/** A profile in one of the server's states: 0 trial not started, 1 trial running, 2 purchased, 5 neither. */
export function serverProfile(user: AuthUser, code: 0 | 1 | 2 | 5, now = Date.now(), sku: Sku = 'standard_monthly'): ServerLoginProfile {
  const purchase = code === 2 ? { sku, expires: new Date(now + 30 * DAY_MS).toISOString(), renewing: true, api: 'test' as const } : null;
  const trialExpires = code === 5 || code === 2 ? now - DAY_MS : now + 30 * DAY_MS;
  return {
    code,
    trial: {
      email_id: user.email,
      cust_id: user.cust_id,
      expires: new Date(trialExpires).toISOString(),
      profile: { full_name: user.full_name, name: user.full_name, nickname: user.full_name, pictureURL: '' },
      purchase,
    },
    geoip: null,
    uuid: 'acct-uuid',
    test_mode: true,
  };
}

export const TEST_USER: AuthUser = { cust_id: 'cust_0123456789abcdef01234567', email: 'pilot@example.com', full_name: 'Pat Pilot' };

/** A device as GET /api/devices sends it. */
function deviceReply(device: FakeDevice): SyncDevice {
  return { ...device, signed_in: device.signed_in ?? true, this_session: device.this_session ?? false };
}

export function fakeAccountServer(user: AuthUser | null, code: 0 | 1 | 2 | 5 = 0): FakeAccountServer {
  const state: FakeAccountServer['state'] = { user, profile: serverProfile(user ?? TEST_USER, code), devices: [], help: 'built-in', otherSessions: 0, password: 'correct horse battery', deleted: false };
  let tokens = 0;
  const calls: FakeAccountServer['calls'] = [];
  let subscriptions = 0;
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body });
    if (path === '/auth/logout') {
      state.user = null;
      return new Response(null, { status: 302, headers: { Location: '/' } });
    }
    if (!state.user) return failure(401, path, { error: signedOutText(path) });
    const u = state.user;
    if (path === '/api/devices' && (init?.method ?? 'GET') === 'GET') {
      return json(200, path, deviceListSchema, { limit: 4, devices: state.devices.map(deviceReply), other_sessions: state.otherSessions });
    }
    if (path === '/api/devices/sign_out_others' && init?.method === 'POST') {
      // Every other session ends: devices bound to one show signed_in false.
      const ended = state.otherSessions;
      state.otherSessions = 0;
      state.devices = state.devices.map((device) => (device.this_session === true ? device : { ...device, signed_in: false }));
      return json(200, path, signOutOthersSchema, { signed_out: ended });
    }
    if (path.startsWith('/api/devices/') && init?.method === 'DELETE') {
      const uuid = decodeURIComponent(path.slice('/api/devices/'.length));
      const removed = state.devices.find((device) => device.uuid === uuid);
      state.devices = state.devices.filter((device) => device.uuid !== uuid);
      if (removed === undefined) return failure(404, path, { error: 'No such device on this account' });
      // Its session ends (not the caller's own).
      if (removed.signed_in === true && removed.this_session !== true) state.otherSessions = Math.max(0, state.otherSessions - 1);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/account/export' && (init?.method ?? 'GET') === 'GET') {
      const at = new Date();
      const day = at.toISOString().slice(0, 10);
      const iso = (ms: number) => new Date(ms).toISOString();
      const exported = {
        format: 'clearway-account-export',
        version: 1,
        exported_at: at.toISOString(),
        account: { cust_id: u.cust_id, email: u.email, full_name: u.full_name, created_at: iso(Date.UTC(2026, 0, 1)) },
        devices: state.devices.map((device) => ({ uuid: device.uuid, first_seen: iso(device.first_seen), last_seen: iso(device.last_seen) })),
        records: {},
      };
      checked(path, 200, accountExportSchema, exported);
      return new Response(JSON.stringify(exported, null, 2), {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="clearway-export-${day}.json"` },
      });
    }
    const b = (body ?? {}) as Record<string, string>;
    if (path !== '/auth/me' && b.cust_id !== u.cust_id) return failure(403, path, { error: 'cust_id is not the signed-in customer' });
    switch (path) {
      case '/auth/me':
        return json(200, path, authUserSchema, u);
      case '/api/account':
        return json(200, path, loginProfileSchema, state.profile);
      case '/api/start_trial':
        // As the server: starting a running trial again changes nothing; licensed, or the trial used: 409 with the profile.
        if (state.profile.code === 2) return json(409, path, trialRefusedSchema, { error: 'A valid licence is active: no trial is needed', login_profile: state.profile });
        if (state.profile.code === 5) return json(409, path, trialRefusedSchema, { error: 'The free trial is not available for this account', login_profile: state.profile });
        if (state.profile.code === 0) state.profile = serverProfile(u, 1);
        return json(200, path, loginProfileSchema, state.profile);
      case '/api/get_key': {
        subscriptions += 1;
        const sku = b.subscription_type as Sku;
        return json(200, path, purchaseKeySchema, { client_token: `test_${subscriptions}`, subscription_id: `sub_${subscriptions}`, subscription_type: sku, api: 'test', test_mode: true, publishable_key: null, amount_cents: sku === 'standard_monthly' ? 1495 : 14495, currency: 'usd' });
      }
      case '/api/checkout_subscription': {
        if (b.nonce === '4000000000000002') return json(200, path, checkoutResultSchema, { result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true });
        if (b.nonce !== '4242424242424242') return json(200, path, checkoutResultSchema, { result: 'failed', error: { message: 'Your card number is incorrect.' }, test_mode: true });
        state.profile = serverProfile(u, 2, Date.now(), b.sku as Sku);
        return json(200, path, checkoutResultSchema, { result: 'success', test_mode: true, purchase: state.profile.trial.purchase });
      }
      case '/api/account/delete': {
        if (!b.password || b.password !== state.password) return failure(403, path, { error: 'The password is not right: the account was not deleted.', code: 'reauth_failed' });
        state.deleted = true;
        state.user = null;
        state.devices = [];
        return json(200, path, accountDeletedSchema, { deleted: true, cancelled_subscriptions: state.profile.code === 2 ? 1 : 0 });
      }
      case '/api/get_zendesk_jwt': {
        const at = Date.now();
        const trial = state.profile.trial;
        const licensed = state.profile.code === 2 && trial.purchase !== null && Date.parse(trial.purchase.expires) > at;
        const trialOk = state.profile.code !== 5 && trial.expires !== null && Date.parse(trial.expires) > at;
        if (!licensed && !trialOk) return failure(403, path, { error: 'Support needs a valid licence or an available trial', code: 5 });
        tokens += 1;
        const jwt = `${b.type}-token-${tokens}`;
        if (state.help === 'built-in') return json(200, path, helpTokenSchema, { jwt, url: b.type === 'sso' ? `/help?jwt=${encodeURIComponent(jwt)}` : null, provider: 'built-in' });
        const url = b.type === 'sso' && state.help === 'zendesk' ? `https://clearway.zendesk.com/access/jwt?jwt=${encodeURIComponent(jwt)}` : null;
        return json(200, path, helpTokenSchema, { jwt, url, provider: 'zendesk' });
      }
      default:
        return failure(404, path, { error: 'Not found' });
    }
  };
  return { fetch: fetchImpl, calls, state };
}
