// Test kit of features/account (src/test: tests and kits only, never production code).
export { fakeAccountServer, type FakeAccountServer, serverProfile, TEST_USER } from './fakeAccountServer';
