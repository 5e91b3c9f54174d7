import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { buildFplMessage, canFile, EMPTY_FPL_FORM, normalizeFplForm, validateFpl, type FplForm } from '@clearway/flightplan';
import {
  canDoFlightPlanAction,
  describeIssues,
  FLIGHT_SERVICE_PATH,
  flightIdSchema,
  flightPlanFormBodySchema,
  type FlightPlanAction,
  type FlightPlanReply,
  type FlightPlanState,
} from '@clearway/protocol';
import { AttemptCounter, requireSession, sessionUserOf, type SessionResolver } from '../auth/index.js';
import type { Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import type { FlightServiceProvider, ProviderOutcome, ProviderPlan } from './provider.js';
import { FlightPlanStore, type StoredPlan } from './store.js';

/** Largest body: the form's boxes (each at most 400 characters). */
export const FLIGHT_SERVICE_BODY_LIMIT_BYTES = 32 * 1024;
/** Per customer: flight-service calls a minute (filing a plan, amending it twice and closing it is four). */
export const FLIGHT_SERVICE_ACCOUNT_LIMIT = { max: 30, windowMs: 60_000 };
/** Per client address: the same, a little wider for several pilots behind one address. */
export const FLIGHT_SERVICE_ADDRESS_LIMIT = { max: 120, windowMs: 60_000 };
/** At most this many plans in the list reply. */
export const FLIGHT_PLAN_LIST_MAX = 50;

export interface FlightServiceRoutesOptions {
  db: Database;
  sessions: SessionResolver;
  provider: FlightServiceProvider;
  /** Clock, ms since the epoch (tests). */
  now?: () => number;
}

const STATE_WORDS: Record<FlightPlanState, string> = { draft: 'not filed', filed: 'filed', active: 'active', closed: 'closed', cancelled: 'cancelled' };
const ACTION_WORDS: Record<FlightPlanAction, string> = { file: 'filed', amend: 'amended', cancel: 'cancelled', activate: 'activated', close: 'closed' };

/** The form from a body's boxes: unknown boxes are refused by the caller, missing ones are empty. */
function formOf(boxes: Record<string, string>): FplForm {
  return normalizeFplForm({ ...EMPTY_FPL_FORM, ...boxes });
}

/** The plan as the reply carries it (without the stored form). */
function wire(plan: StoredPlan) {
  const { form: _form, ...rest } = plan;
  return rest;
}

/**
 * Flight-service filing below `/fs` (spec part 1 §7 flight-service REST root), every call for the
 * signed-in customer's own plans: `GET /fs/provider`, `GET /fs/plans`, and
 * `POST /fs/plans/{flight_id}/{file|amend|cancel|activate|close}`. A form with errors is refused
 * 400 with each box's FAA wording; a refusal of the provider is answered 200 `{result: 'refused',
 * reason, plan}` with the plan kept as it was; an action the plan's state does not allow is 409.
 */
export async function flightServiceRoutes(app: FastifyInstance, options: FlightServiceRoutesOptions): Promise<void> {
  const { db, sessions, provider } = options;
  const now = options.now ?? Date.now;
  const store = new FlightPlanStore(db, new Set(provider.testMode ? [provider.api, 'test'] : ['test']));
  const attempts = new AttemptCounter(db);
  const signedIn = requireSession(sessions, 'Not signed in');
  const perAddress = { rateLimit: { max: FLIGHT_SERVICE_ADDRESS_LIMIT.max, timeWindow: FLIGHT_SERVICE_ADDRESS_LIMIT.windowMs } };
  installBodyErrors(app, { limitBytes: FLIGHT_SERVICE_BODY_LIMIT_BYTES, tooLarge: 'Request body too large', invalid: 'Invalid request' });

  /** Counts a call for the customer (in the database, shared by every server process); 429 when over. */
  async function limited(custId: string, reply: FastifyReply): Promise<boolean> {
    const retryAfter = await attempts.take(`flight-service:${custId}`, FLIGHT_SERVICE_ACCOUNT_LIMIT, now());
    if (retryAfter === 0) return false;
    void reply.code(429).header('retry-after', String(retryAfter)).send({ error: `Too many flight-service requests: try again in ${retryAfter} s` });
    return true;
  }

  app.get(`${FLIGHT_SERVICE_PATH}/provider`, { preHandler: signedIn, config: perAddress }, async () => ({ provider: provider.api, test_mode: provider.testMode, label: provider.label }));

  app.get(`${FLIGHT_SERVICE_PATH}/plans`, { preHandler: signedIn, config: perAddress }, async (request, reply) => {
    const plans = await store.list(sessionUserOf(request).custId, FLIGHT_PLAN_LIST_MAX);
    void reply.header('cache-control', 'no-store');
    return { plans: plans.map(wire) };
  });

  const actions: FlightPlanAction[] = ['file', 'amend', 'cancel', 'activate', 'close'];
  for (const action of actions) {
    app.post(`${FLIGHT_SERVICE_PATH}/plans/:flight_id/${action}`, { bodyLimit: FLIGHT_SERVICE_BODY_LIMIT_BYTES, preHandler: signedIn, config: perAddress }, async (request, reply) =>
      handle(action, request, reply),
    );
  }

  async function handle(action: FlightPlanAction, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const { custId } = sessionUserOf(request);
    const flightId = flightIdSchema.safeParse((request.params as { flight_id?: string }).flight_id);
    if (!flightId.success) return reply.code(400).send({ error: 'Invalid request', issues: describeIssues(flightId.error).map((i) => ({ ...i, path: 'flight_id' })) });
    const needsForm = action === 'file' || action === 'amend';
    const body = needsForm ? flightPlanFormBodySchema.safeParse(request.body ?? {}) : z.object({}).safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: 'Invalid request', issues: describeIssues(body.error) });
    if (await limited(custId, reply)) return reply;

    const existing = await store.get(custId, flightId.data);
    const state: FlightPlanState = existing?.state ?? 'draft';
    if (!canDoFlightPlanAction(action, state)) {
      return reply.code(existing === null ? 404 : 409).send({ error: `This plan is ${STATE_WORDS[state]}: it cannot be ${ACTION_WORDS[action]}`, state });
    }

    let form = existing?.form ? formOf(existing.form) : null;
    let providerPlan: ProviderPlan | null = null;
    if (needsForm) {
      const boxes = (body.data as { form: Record<string, string> }).form;
      const unknown = Object.keys(boxes).filter((key) => !(key in EMPTY_FPL_FORM));
      if (unknown.length > 0) return reply.code(400).send({ error: 'Invalid request', issues: unknown.map((key) => ({ path: `form.${key}`, message: 'not a box of the flight plan form' })) });
      form = formOf(boxes);
      const issues = validateFpl(form);
      if (!canFile(issues)) return reply.code(400).send({ error: 'The flight plan has errors', fields: issues.filter((i) => i.severity === 'error') });
      const built = buildFplMessage(form);
      providerPlan = { custId, flightId: flightId.data, form, message: built.message, supplementary: built.supplementary };
    }

    let outcome: ProviderOutcome;
    try {
      if (action === 'file') outcome = await provider.file(providerPlan!);
      else if (action === 'amend') outcome = await provider.amend(providerPlan!, existing!.reference);
      else outcome = await provider[action](existing!.reference);
    } catch (error) {
      request.log.warn({ err: error, action }, 'flight-service provider unreachable');
      return reply.code(502).send({ error: `Flight service could not be reached; the plan was not ${ACTION_WORDS[action]}` });
    }
    if (!outcome.ok) {
      const refused: FlightPlanReply = { result: 'refused', reason: outcome.reason, plan: existing === null ? null : wire(existing) };
      return refused;
    }

    const next: StoredPlan = {
      flight_id: flightId.data,
      state: action === 'file' || action === 'amend' ? 'filed' : action === 'activate' ? 'active' : action === 'close' ? 'closed' : 'cancelled',
      provider: existing?.provider ?? provider.api,
      test_mode: existing?.test_mode ?? provider.testMode,
      reference: outcome.reference,
      message: providerPlan?.message ?? existing!.message,
      version: action === 'file' ? 1 : action === 'amend' ? existing!.version + 1 : existing!.version,
      updated_at: now(),
      form: form as unknown as Record<string, string>,
    };
    if (existing === null) await store.insert(custId, next);
    else if (!(await store.update(custId, state, next))) {
      return reply.code(409).send({ error: 'The plan was changed on another device meanwhile; reload it', state: (await store.get(custId, flightId.data))?.state ?? state });
    }
    const ok: FlightPlanReply = { result: 'ok', plan: wire(next) };
    return ok;
  }
}
