// Test kit door of features/account: for tests and test kits of other features, never production
// code.
export { fakeAccountServer, type FakeAccountServer, serverProfile, TEST_USER } from './fakeAccountServer';
