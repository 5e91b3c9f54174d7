export { addRecentSearch, dedupeRecents, loadFavouriteCodes, loadRecentSearches } from './history';
