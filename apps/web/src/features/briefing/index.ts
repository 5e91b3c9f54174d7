// Front door of features/briefing (issue 22: route and area briefings, /app/afss_route_briefing and
// /app/afss_area_briefing): other features import only what is exported here.
export { BriefingView } from './BriefingView';
