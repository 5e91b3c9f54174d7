// Test kit door of features/route: for tests and test kits of other features, never production
// code.
export { fixtureRoute, fixtureWaypoint } from './navlogFixture';
export { startRouteEffectsAsAtBoot, type BootedRouteEffects } from './effectsTestKit';
