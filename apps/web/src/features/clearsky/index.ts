// Front door of features/clearsky (issue 17: ClearSky route weather analysis, page /app/clearsky):
// other features import only what is exported here (eslint.config.js feature map).
export { clearSkyStore, isClearSkyStale, type ClearSkyRunState, type ClearSkyState } from './clearskyState';
