// Front door of features/flightplan (the route summary and the route commands): other features import only what is exported here
// (eslint.config.js feature map).
export { commitRoute } from './routeCommands';
