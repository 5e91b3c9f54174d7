// Front door of features/history (search history (recent searches, favourite airport codes)): other
// features import only what is exported here (eslint.config.js feature map).
export { addRecentSearch, loadFavouriteCodes, loadRecentSearches } from './history';
