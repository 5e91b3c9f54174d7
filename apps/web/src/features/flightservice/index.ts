// Front door of features/flightservice (issue 22: flight plans filed through the server's
// flight-service provider, saved in the synced flight_plans table). The routes load the page on demand
// (app/routes.tsx); other features may read the saved plans through here.
export { listPlans, toPlanRecord, type FlightPlanRecord } from './plans';
