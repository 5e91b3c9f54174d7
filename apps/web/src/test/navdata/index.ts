// Test kit of features/navdata (src/test: tests and kits only): the nav database's load state set as
// the loader sets it.
export { navDataLoaded, navDataLoadStarted, navDataProgress } from '../../features/navdata/navDataSlice';
