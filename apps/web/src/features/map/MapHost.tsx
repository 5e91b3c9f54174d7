import { useLayoutEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { connectReadinessSource, mapPlaceholderReadinessSource } from '../../app/readiness';

/**
 * Where the two map views will live, behind every page of the shell. The moving map comes in a later
 * issue: for now this renders nothing and reports the map signal 'unavailable', so the loading screen
 * does not wait for a map that does not exist.
 */
export function MapHost() {
  const dispatch = useAppDispatch();
  // A layout effect settles the signal before the first paint, so 'Loading Map...' never flashes.
  useLayoutEffect(() => connectReadinessSource(dispatch, mapPlaceholderReadinessSource()), [dispatch]);
  return null;
}
