// For other features' tests (eslint.config.js front doors): the nav database's load state set as the
// loader sets it.
export { navDataLoaded, navDataLoadStarted, navDataProgress } from './navDataSlice';
