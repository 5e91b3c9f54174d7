import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import type { Route } from '@clearway/flightplan';
import type { SyncObject, SyncSingletonTable } from '@clearway/protocol';
import { PrefsDb, type LoginProfile } from '../../db/prefs';
import { useServices } from '../../platform/services';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { routeCleared, routeSynced } from '../route';
import { profileLoaded, toProfile } from '../profile';
import type { AppDispatch } from '../../store';
import { deviceLimitCleared, deviceLimitReached } from '../account';
import type { ProfileSyncSession } from './profileSync';
import { devicesChanged, tableSynced } from '../../platform/syncedTables';
import { addAppListener } from '../../store/listener';

// The sync client (and the reply schema it checks with) loads when someone is signed in, not at start.
const loadProfileSync = () => import('./profileSync');

/** The signed-in customer of a stored login profile (spec part 1 §3: trial.cust_id), or null. */
export function custIdOf(profile: LoginProfile | undefined | null): string | null {
  const custId = profile?.trial?.cust_id;
  return typeof custId === 'string' && custId.length > 0 ? custId : null;
}

function applySingleton(dispatch: AppDispatch, table: SyncSingletonTable, value: SyncObject | undefined): void {
  if (table === 'route') dispatch(value ? routeSynced(value as unknown as Route) : routeCleared());
  else if (table === 'profile' && value) dispatch(profileLoaded(toProfile(value)));
  // The sketch page reads its drawing again when the table's sync version moves (tableSynced).
}

/**
 * True once `wait` has settled (at once when there is none). Profile sync's initial sync of every table
 * waits for the map's first picture: started with the shell it would take the CPU from the map while it draws.
 */
function useSettled(wait: Promise<void> | undefined): boolean {
  const [settled, setSettled] = useState<Promise<void> | undefined>(undefined);
  useEffect(() => {
    if (!wait) return undefined;
    let active = true;
    const done = () => {
      if (active) setSettled(wait);
    };
    wait.then(done, done);
    return () => {
      active = false;
    };
  }, [wait]);
  return !wait || settled === wait;
}

/**
 * Profile sync for the shell: starts when prefs `login_profile` holds a customer (and the endpoint
 * map is known) once the map's first picture is drawn or given up on (services `firstPicture`, the wait
 * boot shares), runs the initial sync of every table, keeps the realtime socket open, and stops when the
 * login profile goes (sign-out). Boot never waits for it.
 */
export function useProfileSync(): void {
  const { prefs, firstPicture } = useServices();
  const dispatch = useAppDispatch();
  const config = useAppSelector((s) => s.config.config);
  const firstPictureDone = useSettled(firstPicture);
  useEffect(() => {
    if (!(prefs instanceof PrefsDb) || !config || !firstPictureDone) return;
    let session: ProfileSyncSession | null = null;
    let custId: string | null = null;
    // Bumped whenever a session is stopped, so a start still loading its code is dropped.
    let generation = 0;
    const stopSession = () => {
      generation += 1;
      if (session) dispatch(deviceLimitCleared());
      session?.stop();
      session = null;
      custId = null;
    };
    // A device removed on the account page may have freed a place for this one.
    const unsubscribeDevices = dispatch(addAppListener({ actionCreator: devicesChanged, effect: () => void session?.client.resume() }));
    const subscription = liveQuery(() => prefs.getProperties(['login_profile', 'uuid'])).subscribe({
      next: ({ login_profile, uuid }) => {
        const next = custIdOf(login_profile);
        if (next === custId) return;
        stopSession();
        if (next === null || !uuid) return;
        custId = next;
        const starting = generation;
        void loadProfileSync().then(({ startProfileSync }) => {
          if (starting !== generation) return;
          session = startProfileSync({
            db: prefs,
            config,
            custId: next,
            uuid,
            onSingletonChanged: (table, value) => applySingleton(dispatch, table, value),
            onDeviceLimit: (refusal) => dispatch(deviceLimitReached(refusal)),
            onTableChanged: (table) => dispatch(tableSynced(table)),
          });
        }, (error: unknown) => console.warn('Could not load the profile sync', error));
      },
      error: (error: unknown) => console.warn('Could not watch the login profile', error),
    });
    return () => {
      unsubscribeDevices();
      subscription.unsubscribe();
      stopSession();
    };
  }, [prefs, config, firstPictureDone, dispatch]);
}
