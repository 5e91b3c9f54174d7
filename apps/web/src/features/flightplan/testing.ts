// Test kit door of features/flightplan: for tests and test kits of other features, never production code.
export { fixtureRoute, fixtureWaypoint } from './navlogFixture';
