// Front door of features/alongroute (/app/along_route, issue 17): the page itself loads on demand
// from app/routes.tsx; other features may import only what is exported here.
export { ALONG_ROUTE_TITLE } from './texts';
