import type { AircraftProfile } from '@clearway/flightplan';
import { profileLoaded, profileSaved } from '../../features/profile';
import { startRouteEffects, type RouteEffects, type RouteEffectsDeps } from '../../features/route/routeEffects';

export interface BootedRouteEffects extends RouteEffects {
  /** A profile saved (the route screen's altitude or departure time): the store's profile changes. */
  saveProfile(profile: AircraftProfile): void;
}

/**
 * Test kit: the route's effects as boot starts them (app/boot.ts): the profile in the store, then
 * startRouteEffects. For tests of other features that need the route analysed (the search box).
 */
export function startRouteEffectsAsAtBoot(deps: RouteEffectsDeps & { profile: AircraftProfile }): BootedRouteEffects {
  deps.store.dispatch(profileLoaded(deps.profile));
  const effects = startRouteEffects(deps);
  return { ...effects, saveProfile: (profile) => void deps.store.dispatch(profileSaved(profile)) };
}
