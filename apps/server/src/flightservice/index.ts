// The flight-service module's front door: other modules import it only from here.
import type { FastifyInstance } from 'fastify';
import { TestFlightServiceProvider, type FlightServiceProvider } from './provider.js';
import { flightServiceRoutes, type FlightServiceRoutesOptions } from './routes.js';

export { TEST_REFUSE_REMARK, TestFlightServiceProvider, type FlightServiceProvider, type ProviderOutcome, type ProviderPlan } from './provider.js';
export { FLIGHT_PLAN_LIST_MAX, FLIGHT_SERVICE_ACCOUNT_LIMIT, FLIGHT_SERVICE_BODY_LIMIT_BYTES, flightServiceRoutes, type FlightServiceRoutesOptions } from './routes.js';

export interface FlightServiceModuleOptions extends Omit<FlightServiceRoutesOptions, 'provider'> {
  /** The provider; by default the built-in test provider (no commercial flight-service credentials are configurable yet). */
  provider?: FlightServiceProvider;
}

/** The flight-service routes below /fs with the configured provider. */
export async function flightServiceModule(app: FastifyInstance, options: FlightServiceModuleOptions): Promise<void> {
  await flightServiceRoutes(app, { ...options, provider: options.provider ?? new TestFlightServiceProvider() });
}
