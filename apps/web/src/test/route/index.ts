// Test kit of features/route (src/test: tests and kits only, never production code).
export { fixtureRoute, fixtureWaypoint } from './navlogFixture';
export { startRouteEffectsAsAtBoot, type BootedRouteEffects } from './effectsKit';
