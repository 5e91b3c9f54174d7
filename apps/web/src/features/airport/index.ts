// Front door of features/airport (favourite and recent airport lists): other features import only
// what is exported here (eslint.config.js feature map).
export { listFavoriteAirports, setFavoriteAirport } from './airportLists';
