export { AirportNotamsSection, AirportNotamsView, FLIGHT_CHANGING, KIND_LABELS, NotamList } from './AirportNotamsSection';
export { NotamText } from './NotamText';
export { fetchAirportNotams, type AirportNotams } from './api';
export { useAirportNotams, type AirportNotamsState } from './useAirportNotams';
