import { describe, expect, it } from 'vitest';
import { checkReply, filedPlanListSchema, flightPlanReplySchema, flightServiceProviderSchema } from '@clearway/protocol';
import { buildBillingTestApp, freshPostgres, freshSqlite, type BillingTestApp } from '../testing/billingTestKit.js';
import type { FreshDatabase } from '../testing/databaseContract.js';
import { POSTGRES_SKIP_REASON, TEST_DATABASE_URL } from '../testing/postgres.js';
import { requireService } from '../testing/skips.js';

// The flight-service routes in the real app (buildApp) with database sessions, on SQLite and on
// PostgreSQL, filing through the built-in test provider.

/** A valid VFR form (the boxes of @clearway/flightplan's FplForm). */
const FORM = {
  aircraftId: 'N12345', flightRules: 'V', flightType: 'G', aircraftType: 'C172', wake: 'L', equipment: 'SG', surveillance: 'C',
  departure: 'KHWD', departureTime: '1530', speed: 'N0110', level: 'A045', route: 'DCT SUNOL', destination: 'KLVK', eet: '0024',
  otherInfo: 'DOF/261206', endurance: '0500', personsOnBoard: '2', colour: 'WHITE BLUE', pilot: 'J SMITH',
};

async function withApp(fresh: () => Promise<FreshDatabase>, test: (t: BillingTestApp) => Promise<void>) {
  const { db, dispose } = await fresh();
  const t = await buildBillingTestApp(db);
  try {
    await test(t);
  } finally {
    await t.app.close();
    await dispose();
  }
}

function call(t: BillingTestApp, method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) } });
}

function flightServiceContract(fresh: () => Promise<FreshDatabase>): void {
  it('files, amends, activates and closes a plan with the test provider, each state kept and listed', () =>
    withApp(fresh, async (t) => {
      const { cookie } = await t.signIn('pilot@example.com');
      const provider = checkReply('/fs/provider', flightServiceProviderSchema, (await call(t, 'GET', '/fs/provider', cookie)).json());
      expect(provider).toEqual({ provider: 'test', test_mode: true, label: 'Test provider: plans are not sent to flight service' });

      const filed = checkReply('/fs file', flightPlanReplySchema, (await call(t, 'POST', '/fs/plans/fp-1/file', cookie, { form: { ...FORM, route: 'dct sunol' } })).json());
      expect(filed).toMatchObject({ result: 'ok', plan: { flight_id: 'fp-1', state: 'filed', provider: 'test', test_mode: true, version: 1 } });
      expect(filed.plan?.message).toBe(['(FPL-N12345-VG', '-C172/L-SG/C', '-KHWD1530', '-N0110A045 DCT SUNOL', '-KLVK0024', '-DOF/261206)'].join('\n'));

      const amended = checkReply('/fs amend', flightPlanReplySchema, (await call(t, 'POST', '/fs/plans/fp-1/amend', cookie, { form: { ...FORM, level: 'A065' } })).json());
      expect(amended).toMatchObject({ result: 'ok', plan: { state: 'filed', version: 2, reference: filed.plan?.reference } });
      expect(amended.plan?.message).toContain('-N0110A065 DCT SUNOL');

      expect((await call(t, 'POST', '/fs/plans/fp-1/activate', cookie, {})).json()).toMatchObject({ result: 'ok', plan: { state: 'active', version: 2 } });
      // An active plan is not amended; it is closed.
      const late = await call(t, 'POST', '/fs/plans/fp-1/amend', cookie, { form: FORM });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'This plan is active: it cannot be amended', state: 'active' });
      expect((await call(t, 'POST', '/fs/plans/fp-1/close', cookie, {})).json()).toMatchObject({ result: 'ok', plan: { state: 'closed' } });
      expect((await call(t, 'POST', '/fs/plans/fp-1/close', cookie, {})).statusCode).toBe(409);

      const list = checkReply('/fs/plans', filedPlanListSchema, (await call(t, 'GET', '/fs/plans', cookie)).json());
      expect(list.plans.map((p) => [p.flight_id, p.state, p.version])).toEqual([['fp-1', 'closed', 2]]);
      // Another customer sees none of it and cannot act on it.
      const other = await t.signIn('other@example.com');
      expect((await call(t, 'GET', '/fs/plans', other.cookie)).json()).toEqual({ plans: [] });
      expect((await call(t, 'POST', '/fs/plans/fp-1/cancel', other.cookie, {})).statusCode).toBe(404);
    }));

  it('cancels a filed plan; a cancelled plan cannot be activated', () =>
    withApp(fresh, async (t) => {
      const { cookie } = await t.signIn('pilot@example.com');
      await call(t, 'POST', '/fs/plans/fp-2/file', cookie, { form: FORM });
      expect((await call(t, 'POST', '/fs/plans/fp-2/cancel', cookie, {})).json()).toMatchObject({ result: 'ok', plan: { state: 'cancelled' } });
      const activate = await call(t, 'POST', '/fs/plans/fp-2/activate', cookie, {});
      expect(activate.statusCode).toBe(409);
      expect(activate.json().error).toBe('This plan is cancelled: it cannot be activated');
      expect((await call(t, 'POST', '/fs/plans/fp-2/file', cookie, { form: FORM })).statusCode).toBe(409);
      expect((await call(t, 'POST', '/fs/plans/unknown/activate', cookie, {})).json()).toEqual({ error: 'This plan is not filed: it cannot be activated', state: 'draft' });
    }));

  it('shows the provider\'s refusal and keeps the plan as it was', () =>
    withApp(fresh, async (t) => {
      const { cookie } = await t.signIn('pilot@example.com');
      const refusedFiling = (await call(t, 'POST', '/fs/plans/fp-3/file', cookie, { form: { ...FORM, otherInfo: 'DOF/261206 RMK/TEST REFUSE' } })).json();
      expect(refusedFiling).toEqual({ result: 'refused', reason: 'Test provider refused the plan of N12345: RMK/ asks for a refusal (TEST REFUSE)', plan: null });
      expect((await call(t, 'GET', '/fs/plans', cookie)).json()).toEqual({ plans: [] });

      await call(t, 'POST', '/fs/plans/fp-3/file', cookie, { form: FORM });
      const refusedAmendment = checkReply('/fs amend', flightPlanReplySchema, (await call(t, 'POST', '/fs/plans/fp-3/amend', cookie, { form: { ...FORM, level: 'A085', otherInfo: 'RMK/TEST REFUSE' } })).json());
      expect(refusedAmendment).toMatchObject({ result: 'refused', plan: { state: 'filed', version: 1 } });
      expect(refusedAmendment.plan?.message).toContain('N0110A045');
    }));

  it('refuses a form with errors box by box in the FAA\'s words, bad ids and bodies, and signed-out callers', () =>
    withApp(fresh, async (t) => {
      const { cookie } = await t.signIn('pilot@example.com');
      const bad = await call(t, 'POST', '/fs/plans/fp-4/file', cookie, { form: { ...FORM, aircraftId: 'N123-456', eet: '0060' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error: 'The flight plan has errors',
        fields: [
          { field: 'aircraftId', severity: 'error', message: 'Item 7, Aircraft identification: "N123-456" is not valid: not more than 7 alphanumeric characters, without hyphens or symbols' },
          { field: 'eet', severity: 'error', message: 'Item 16, Total EET: "0060": INSERT the total estimated elapsed time, 4 figures (HHMM)' },
        ],
      });
      const unknownBox = await call(t, 'POST', '/fs/plans/fp-4/file', cookie, { form: { ...FORM, item99: 'X' } });
      expect(unknownBox.json()).toEqual({ error: 'Invalid request', issues: [{ path: 'form.item99', message: 'not a box of the flight plan form' }] });
      const badId = await call(t, 'POST', '/fs/plans/a%20b/file', cookie, { form: FORM });
      expect(badId.statusCode).toBe(400);
      expect(JSON.stringify(badId.json())).toContain('a flight id is 1 to 64 letters, digits, - or _');
      expect((await call(t, 'POST', '/fs/plans/fp-4/file', cookie, { form: 'nope' })).statusCode).toBe(400);
      expect((await call(t, 'POST', '/fs/plans/fp-4/file', null, { form: FORM })).statusCode).toBe(401);
      expect((await call(t, 'GET', '/fs/plans', null)).statusCode).toBe(401);
    }));
}

describe('flight-service routes on SQLite', () => {
  flightServiceContract(freshSqlite);
});

describe('flight-service routes on PostgreSQL', { tags: ['postgres'] }, () => {
  it('has a server to test against', (context) => requireService(context, 'postgres', TEST_DATABASE_URL !== undefined, POSTGRES_SKIP_REASON));
  describe.skipIf(TEST_DATABASE_URL === undefined)('on TEST_DATABASE_URL', () => {
    flightServiceContract(() => freshPostgres(TEST_DATABASE_URL ?? ''));
  });
});
