// Issue 26 points 2, 3 and 4, as an attacker would try them: racing the registration limit, mail
// bombing through sign-in, a name that carries a link into Clearway's mail, an older reset link
// after a reset, probing which addresses have accounts, and weak or breached passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, IDP_TEXT, outboxFor } from '../auth/index.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';
import {
  ATTACK_TIMEOUT,
  Browser,
  confirm,
  csrfOf,
  formAction,
  HOOK_TIMEOUT,
  linkFromOutbox,
  openLoginForm,
  PASSWORD,
  postLogin,
  register,
  registerConfirmed,
  startTarget,
  warmPool,
  type Target,
} from './signInKit.js';

async function mailKinds(target: Target, email: string): Promise<string[]> {
  return (await outboxFor(target.db, email)).map((mail) => mail.kind);
}

function registrationRace(database: string, start: () => Promise<Target>): void {
  describe(`registration limit on ${database}`, { timeout: ATTACK_TIMEOUT }, () => {
    let target: Target;
    beforeAll(async () => {
      target = await start();
    }, HOOK_TIMEOUT);
    afterAll(async () => {
      await target.close();
    }, HOOK_TIMEOUT);

    it('POST /oidc/register × 30 at once from one address: at most 10 answered 201, the rest 429 with Retry-After', async () => {
      const attacker = new Browser(target.origin, '203.0.113.30');
      const html = await (await attacker.request('/oidc/register')).text();
      await warmPool(target);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          attacker.request(formAction(html), {
            form: { _csrf: csrfOf(html), full_name: 'Bulk Pilot', email: `bulk${index}@example.com`, password: PASSWORD, password_confirm: PASSWORD },
          }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      const created = statuses.filter((status) => status === 201).length;
      expect(created).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - created);
      for (const response of responses.filter((r) => r.status === 429)) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const users = await target.db.kysely.selectFrom('auth_users').select('email').where('email', 'like', 'bulk%').execute();
      expect(users).toHaveLength(created);
    });
  });
}

registrationRace('SQLite', () => startTarget());

describe('registration limit on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    registrationRace('PostgreSQL', () => startTarget({}, TEST_DATABASE_URL));
  });
});

describe('accounts on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
  }, HOOK_TIMEOUT);

  it('POST /oidc/interaction/{uid}/login × 5 with the right password of an unconfirmed account: 403 each, one confirmation mail re-sent, not 5', async () => {
    const browser = new Browser(target.origin, '203.0.113.21');
    expect((await register(browser, 'unconfirmed@example.com')).status).toBe(201);
    const form = await openLoginForm(browser);
    const pages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postLogin(browser, form, 'unconfirmed@example.com', PASSWORD);
      expect(response.status).toBe(403);
      pages.push(await response.text());
    }
    // The registration's mail and one re-send.
    expect(await mailKinds(target, 'unconfirmed@example.com')).toEqual(['verify', 'verify']);
    expect(pages[0]).toContain(IDP_TEXT.verifyFirst('unconfirmed@example.com'));
    expect(pages[4]).toContain(IDP_TEXT.verifyFirstRecentlySent('unconfirmed@example.com'));
  });

  it.each([
    ['a line break', 'Amelia\r\nBcc: victim@example.org'],
    ['a URL', 'Prize at https://evil.example/claim'],
    ['a bare domain', 'Claim now at evil-prize.com today'],
    ['www.', 'see www.evil.example'],
  ])('POST /oidc/register with a name holding %s: 400 with the name error, no account and no mail', async (_what, name) => {
    const email = `name${name.length}@example.com`;
    const response = await register(new Browser(target.origin, '203.0.113.22'), email, { name });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(IDP_TEXT.nameNotPlain);
    expect(await target.db.kysely.selectFrom('auth_users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await outboxFor(target.db, email)).toEqual([]);
  });

  it('a stored name with a line break and a link (an account made before the rule) is left out of the mail: "Hello,"', async () => {
    await createUser(target.db, { email: 'legacy@example.com', password: PASSWORD, fullName: 'Legacy\nVisit https://evil.example' });
    const browser = new Browser(target.origin, '203.0.113.23');
    const form = await (await browser.request('/oidc/forgot')).text();
    expect((await browser.request(formAction(form), { form: { _csrf: csrfOf(form), email: 'legacy@example.com' } })).status).toBe(200);
    const [mail] = await outboxFor(target.db, 'legacy@example.com');
    expect(mail?.text.startsWith('Hello,\n\n')).toBe(true);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('POST /oidc/reset with an older reset link after a completed reset: 400 "already used"; the pending confirmation link is void too', async () => {
    const browser = new Browser(target.origin, '203.0.113.24');
    expect((await register(browser, 'twice@example.com')).status).toBe(201);
    const verifyLink = await linkFromOutbox(target.db, 'twice@example.com', 'verify');
    const forgot = await (await browser.request('/oidc/forgot')).text();
    for (let mail = 0; mail < 2; mail += 1) {
      expect((await browser.request(formAction(forgot), { form: { _csrf: csrfOf(forgot), email: 'twice@example.com' } })).status).toBe(200);
    }
    const resets = (await outboxFor(target.db, 'twice@example.com')).filter((m) => m.kind === 'reset');
    expect(resets).toHaveLength(2);
    const [newer, older] = resets.map((mail) => {
      const url = new URL(/(http:\/\/\S+\/oidc\/reset\?token=\S+)/.exec(mail.text)?.[1] ?? 'http://x/none');
      return url.pathname + url.search;
    });
    const resetWith = async (link: string | undefined, password: string) => {
      const page = await (await browser.request(link ?? '/none')).text();
      const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? new URL(link ?? '/', target.origin).searchParams.get('token') ?? '';
      const action = page.includes('<form method="post"') ? formAction(page) : '/oidc/reset';
      const csrf = browser.jar.get('cw_csrf') ?? '';
      return browser.request(action, { form: { _csrf: csrf, token, password, password_confirm: password } });
    };
    const done = await resetWith(newer, 'the first new password');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(IDP_TEXT.passwordChanged);
    const replay = await resetWith(older, 'the attacker password');
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(IDP_TEXT.linkUsed);
    const oldConfirm = await browser.request(verifyLink);
    expect(oldConfirm.status).toBe(400);
    // The password is the first new one, not the older link's.
    const form = await openLoginForm(browser);
    expect((await postLogin(browser, form, 'twice@example.com', 'the attacker password')).status).toBe(401);
    expect((await postLogin(browser, form, 'twice@example.com', 'the first new password')).status).toBe(303);
  });

  it('POST /oidc/register with an address that has an account: 201 with the page a new address gets, and the owner is mailed instead (once per 10 minutes)', async () => {
    await registerConfirmed(target, 'taken@example.com');
    const prober = new Browser(target.origin, '203.0.113.25');
    const fresh = await register(prober, 'fresh@example.com', { name: 'Prober', password: 'another long password' });
    const taken = await register(prober, 'taken@example.com', { name: 'Prober', password: 'another long password' });
    expect([fresh.status, taken.status]).toEqual([201, 201]);
    expect((await taken.text()).replace('taken@', 'X@')).toBe((await fresh.text()).replace('fresh@', 'X@'));
    expect((await register(prober, 'taken@example.com', { name: 'Prober', password: 'another long password' })).status).toBe(201);
    // The owner got one notice; no second account, and the owner's password is unchanged.
    expect(await mailKinds(target, 'taken@example.com')).toEqual(['registered', 'verify']);
    const [notice] = await outboxFor(target.db, 'taken@example.com');
    expect(notice?.subject).toBe('Your Clearway account already exists');
    expect(notice?.text).toContain(`${target.origin}/oidc/forgot`);
    expect(await target.db.kysely.selectFrom('auth_users').select('id').where('email', '=', 'taken@example.com').execute()).toHaveLength(1);
    const owner = new Browser(target.origin, '198.51.100.25');
    expect((await postLogin(owner, await openLoginForm(owner), 'taken@example.com', PASSWORD)).status).toBe(303);
  });

  it.each([
    ['11 characters', 'elevenchars', IDP_TEXT.passwordShort],
    ['a common password', 'qwertyuiop123', IDP_TEXT.passwordBreached],
    ['a common password in capitals with digits around it', '2024Sunshine!!!', IDP_TEXT.passwordBreached],
    ['a common password twice', 'dragondragon', IDP_TEXT.passwordBreached],
  ])('POST /oidc/register with a password of %s: 400 with the password error', async (_what, password, message) => {
    const email = `weak-${password.length}-${password.charCodeAt(0)}@example.com`;
    const response = await register(new Browser(target.origin, '203.0.113.26'), email, { password });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(IDP_TEXT.passwordShort).toBe('Use at least 12 characters for the password.');
  });

  it('POST /oidc/reset with a common password: 400 with the password error, the link still unused', async () => {
    await registerConfirmed(target, 'weakreset@example.com');
    const browser = new Browser(target.origin, '203.0.113.27');
    const forgot = await (await browser.request('/oidc/forgot')).text();
    await browser.request(formAction(forgot), { form: { _csrf: csrfOf(forgot), email: 'weakreset@example.com' } });
    const page = await (await browser.request(await linkFromOutbox(target.db, 'weakreset@example.com', 'reset'))).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const weak = await browser.request(formAction(page), { form: { _csrf: csrfOf(page), token, password: 'password1234', password_confirm: 'password1234' } });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(IDP_TEXT.passwordBreached);
    const strong = await browser.request(formAction(page), { form: { _csrf: csrfOf(page), token, password: 'a much better passphrase', password_confirm: 'a much better passphrase' } });
    expect(strong.status).toBe(200);
  });

  it('confirming still works for a new account (the mailed link)', async () => {
    const browser = new Browser(target.origin, '203.0.113.28');
    expect((await register(browser, 'plain@example.com', { name: 'J.R.R. Tolkien' })).status).toBe(201);
    expect((await confirm(browser, await linkFromOutbox(target.db, 'plain@example.com', 'verify'))).status).toBe(200);
    const [mail] = await outboxFor(target.db, 'plain@example.com');
    expect(mail?.text.startsWith('Hello J.R.R. Tolkien,')).toBe(true);
  });
});
