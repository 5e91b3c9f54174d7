// Test helper. In jsdom unit tests the server is the edge: this fetch stub answers /auth/me,
// /auth/logout, /api/account, /api/start_trial, /api/get_key, /api/checkout_subscription,
// GET /api/devices, DELETE /api/devices/{uuid}, POST /api/devices/sign_out_others,
// GET /api/account/export, POST /api/account/delete and /api/get_zendesk_jwt the way
// apps/server/README.md ("Sign-in", "Billing") documents them, with the built-in test provider's
// card rules for the few cards the tests use. The real server is exercised by e2e/account.e2e.ts.
import type { SyncDevice } from './devicesClient';
import type { AuthUser, ServerLoginProfile, Sku } from './licence';

const DAY_MS = 86_400_000;

export interface FakeAccountServer {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  calls: Array<{ path: string; body: unknown }>;
  state: {
    user: AuthUser | null;
    profile: ServerLoginProfile;
    /** The customer's sync devices (GET /api/devices answers them with limit 4). */
    devices: SyncDevice[];
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

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A profile in one of the server's states: 0 trial not started, 1 trial running, 2 purchased, 5 neither. */
export function serverProfile(user: AuthUser, code: 0 | 1 | 2 | 5, now = Date.now(), sku: Sku = 'standard_monthly'): ServerLoginProfile {
  const purchase = code === 2 ? { sku, expires: new Date(now + 30 * DAY_MS).toISOString(), renewing: true, api: 'test' } : null;
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
    if (!state.user) return json(401, { error: 'Sign in required: no valid session' });
    const u = state.user;
    if (path === '/api/devices' && (init?.method ?? 'GET') === 'GET') return json(200, { limit: 4, devices: state.devices, other_sessions: state.otherSessions });
    if (path === '/api/devices/sign_out_others' && init?.method === 'POST') {
      // Every other session ends: devices bound to one show signed_in false.
      const ended = state.otherSessions;
      state.otherSessions = 0;
      state.devices = state.devices.map((device) => (device.this_session === true ? device : { ...device, signed_in: false }));
      return json(200, { signed_out: ended });
    }
    if (path.startsWith('/api/devices/') && init?.method === 'DELETE') {
      const uuid = decodeURIComponent(path.slice('/api/devices/'.length));
      const removed = state.devices.find((device) => device.uuid === uuid);
      state.devices = state.devices.filter((device) => device.uuid !== uuid);
      if (removed === undefined) return json(404, { error: 'No such device on this account' });
      // Its session ends (not the caller's own).
      if (removed.signed_in === true && removed.this_session !== true) state.otherSessions = Math.max(0, state.otherSessions - 1);
      return new Response(null, { status: 204 });
    }
    if (path === '/api/account/export' && (init?.method ?? 'GET') === 'GET') {
      const day = new Date().toISOString().slice(0, 10);
      const exported = { format: 'clearway-account-export', version: 1, account: { cust_id: u.cust_id, email: u.email }, devices: state.devices, records: {} };
      return new Response(JSON.stringify(exported), {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="clearway-export-${day}.json"` },
      });
    }
    const b = (body ?? {}) as Record<string, string>;
    if (path !== '/auth/me' && b.cust_id !== u.cust_id) return json(403, { error: 'cust_id does not match the signed-in customer' });
    switch (path) {
      case '/auth/me':
        return json(200, u);
      case '/api/account':
        return json(200, state.profile);
      case '/api/start_trial':
        if (state.profile.code !== 0) return json(409, { error: 'No free trial is available', login_profile: state.profile });
        state.profile = serverProfile(u, 1);
        return json(200, state.profile);
      case '/api/get_key': {
        subscriptions += 1;
        const sku = b.subscription_type as Sku;
        return json(200, { client_token: `test_${subscriptions}`, subscription_id: `sub_${subscriptions}`, subscription_type: sku, api: 'test', test_mode: true, publishable_key: null, amount_cents: sku === 'standard_monthly' ? 1495 : 14495, currency: 'usd' });
      }
      case '/api/checkout_subscription': {
        if (b.nonce === '4000000000000002') return json(200, { result: 'failed', error: { message: 'Your card was declined.' }, test_mode: true });
        if (b.nonce !== '4242424242424242') return json(200, { result: 'failed', error: { message: 'Your card number is incorrect.' }, test_mode: true });
        state.profile = serverProfile(u, 2, Date.now(), b.sku as Sku);
        return json(200, { result: 'success', test_mode: true, purchase: state.profile.trial.purchase });
      }
      case '/api/account/delete': {
        if (!b.password || b.password !== state.password) return json(403, { error: 'The password is not right: the account was not deleted.', code: 'reauth_failed' });
        state.deleted = true;
        state.user = null;
        state.devices = [];
        return json(200, { deleted: true, cancelled_subscriptions: state.profile.code === 2 ? 1 : 0 });
      }
      case '/api/get_zendesk_jwt': {
        const at = Date.now();
        const trial = state.profile.trial;
        const licensed = state.profile.code === 2 && trial.purchase?.expires !== undefined && Date.parse(String(trial.purchase.expires)) > at;
        const trialOk = state.profile.code !== 5 && trial.expires !== undefined && Date.parse(String(trial.expires)) > at;
        if (!licensed && !trialOk) return json(403, { error: 'Support needs a valid licence or an available trial', code: 5 });
        tokens += 1;
        const jwt = `${b.type}-token-${tokens}`;
        if (state.help === 'built-in') return json(200, { jwt, url: b.type === 'sso' ? `/help?jwt=${jwt}` : null, provider: 'built-in' });
        const url = b.type === 'sso' && state.help === 'zendesk' ? `https://clearway.zendesk.com/access/jwt?jwt=${jwt}` : null;
        return json(200, { jwt, url, provider: 'zendesk' });
      }
      default:
        return json(404, { error: 'Not found', path });
    }
  };
  return { fetch: fetchImpl, calls, state };
}
