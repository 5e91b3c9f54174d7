import type { FplForm, FplIssue } from '@clearway/flightplan';
import {
  FLIGHT_SERVICE_PATH,
  flightPlanActionPath,
  flightPlanReplySchema,
  flightServiceProviderSchema,
  type FlightPlanAction,
  type FlightPlanReply,
  type FlightServiceProviderInfo,
} from '@clearway/protocol';
import { apiErrorOf, ApiError } from '../../platform/api';
import { serverFetch } from '../../platform/serverFetch';

/** The server refused the form: its errors, box by box. */
export class FlightPlanFormError extends Error {
  constructor(readonly fields: FplIssue[]) {
    super(fields.map((f) => f.message).join('\n'));
    this.name = 'FlightPlanFormError';
  }
}

/** `GET /fs/provider`: who files the plans (the test provider is labelled). */
export async function fetchProvider(fetchFn: typeof fetch = serverFetch): Promise<FlightServiceProviderInfo> {
  const path = `${FLIGHT_SERVICE_PATH}/provider`;
  const reply = await fetchFn(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body: unknown = await reply.json().catch(() => null);
  if (!reply.ok) throw apiErrorOf(path, reply.status, body);
  return flightServiceProviderSchema.parse(body);
}

/**
 * One flight-service action on a plan. Resolves with the provider's answer (done, or refused with its
 * reason); throws FlightPlanFormError when the server finds errors in the form, ApiError for other
 * refusals (a state that does not allow the action, signed out), and the network's error offline.
 */
export async function flightPlanAction(flightId: string, action: FlightPlanAction, form: FplForm | null, fetchFn: typeof fetch = serverFetch): Promise<FlightPlanReply> {
  const path = flightPlanActionPath(flightId, action);
  const reply = await fetchFn(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(form === null ? {} : { form }),
  });
  const body: unknown = await reply.json().catch(() => null);
  if (reply.status === 400 && Array.isArray((body as { fields?: unknown } | null)?.fields)) throw new FlightPlanFormError((body as { fields: FplIssue[] }).fields);
  if (!reply.ok) throw apiErrorOf(path, reply.status, body);
  const parsed = flightPlanReplySchema.safeParse(body);
  if (!parsed.success) throw new ApiError(reply.status, `${path} answered something that is not a flight plan reply`, body);
  return parsed.data;
}
