import type { AircraftProfile } from '@clearway/flightplan';
import { etdFromDate, etdFromOffset, modelsReloadRequested, profileSaved, storeProfile } from '../../profile';
import type { RouteMode } from './routeScreen';
import { selectedAltitudeText } from './texts';
import { currentProfile, defineAction, type RouteActionContext } from './types';

/** Stores a profile (prefs and a models row) and sets it in the store; null (logged) if that failed. */
export const saveProfile = defineAction<AircraftProfile, AircraftProfile | null>({
  name: 'saveProfile',
  async perform(context, next) {
    try {
      const result = await storeProfile(context.prefs, next, context.now());
      context.dispatch(profileSaved(result));
      return result;
    } catch (error) {
      console.error('Could not save the profile', error);
      return null;
    }
  },
});

async function saveChanged(context: RouteActionContext, change: (profile: AircraftProfile) => Partial<AircraftProfile>): Promise<AircraftProfile | null> {
  const profile = currentProfile(context);
  return profile ? saveProfile.perform(context, { ...profile, ...change(profile) }) : null;
}

/** The optimizer's row click (spec part 2 §4 "Optimizer"): sets and saves the profile altitude, then the message. */
export const selectAltitude = defineAction<number>({
  name: 'selectAltitude',
  isEnabled: (context) => currentProfile(context) !== null,
  async perform(context, altitude) {
    if (await saveChanged(context, () => ({ altitude }))) context.screen.showMessage(selectedAltitudeText(altitude));
  },
});

/** An ETD menu choice (minutes from now) or a picked date and time (ms) of the summary strip. */
export const setEtd = defineAction<{ offsetMinutes: number } | { atMs: number }>({
  name: 'setEtd',
  async perform(context, input) {
    const now = context.now();
    await saveChanged(context, () => ('offsetMinutes' in input ? etdFromOffset(input.offsetMinutes, now) : etdFromDate(input.atMs, now)));
  },
});

/** A bottom button that only changes mode; Modify also asks for the model list again (spec part 2 §4). */
export const showMode = defineAction<RouteMode>({
  name: 'showMode',
  perform: async (context, mode) => {
    if (mode === 'edit') context.dispatch(modelsReloadRequested());
    context.screen.setMode(mode);
  },
});
