import { useCallback, useEffect } from 'react';
import type { PropertyStore } from '../../db/prefs';
import type { AppDispatch } from '../../store';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useServices } from '../../platform/services';
import { notifyNativeWelcomeComplete } from '../profile';
import { fetchAccount, fetchMe, logoutOnServer } from './authClient';
import { accountCheckAnswered, accountCheckUnreachable, loginProfileLoaded, signedIn, signedOut } from './accountSlice';
import { licenceStateChanged, toStoredProfile, type ServerLoginProfile } from './licence';

/** Where the time of the server's last answer to the account check is kept (localStorage; prefs has no key for it). */
export const ACCOUNT_CHECKED_KEY = 'clearway.account.lastAnsweredAt';

export interface CheckTimeStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function browserStorage(): CheckTimeStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage blocked
  }
}

/**
 * Asks the server who is signed in and for the login profile, then stores it: in the store always,
 * in prefs `login_profile` when nothing was stored or validity / trial availability changed (spec
 * part 1 §4 "License state"). A failed call (offline, server down) leaves the status as it was and
 * the stored profile in place.
 */
export async function refreshAccount(
  dispatch: AppDispatch,
  prefs: PropertyStore,
  now: () => number = Date.now,
  checkTimes: CheckTimeStore | undefined = browserStorage(),
): Promise<void> {
  const stored = (await prefs.getProperty('login_profile').catch(() => undefined)) ?? null;
  if (stored) dispatch(loginProfileLoaded(stored));
  const earlier = Number(checkTimes?.getItem(ACCOUNT_CHECKED_KEY) ?? Number.NaN);
  if (Number.isFinite(earlier)) dispatch(accountCheckAnswered({ at: earlier, now: false }));
  let user;
  try {
    user = await fetchMe();
  } catch {
    dispatch(accountCheckUnreachable());
    return; // offline or no server: keep what is stored
  }
  const answeredAt = now();
  dispatch(accountCheckAnswered({ at: answeredAt, now: true }));
  try {
    checkTimes?.setItem(ACCOUNT_CHECKED_KEY, String(answeredAt));
  } catch {
    // storage full or blocked: the time is known for this session only
  }
  if (!user) {
    dispatch(signedOut());
    return;
  }
  dispatch(signedIn(user));
  await applyServerProfile(dispatch, prefs, await fetchAccount(user.cust_id), stored, now());
}

/** Puts a server login profile in the store and, when it changed the licence state, in prefs. */
export async function applyServerProfile(
  dispatch: AppDispatch,
  prefs: PropertyStore,
  server: ServerLoginProfile,
  stored: Parameters<typeof licenceStateChanged>[0],
  now: number,
  forceStore = false,
): Promise<void> {
  const profile = toStoredProfile(server);
  dispatch(loginProfileLoaded(profile));
  const otherCustomer = stored?.trial?.cust_id !== profile.trial?.cust_id;
  if (forceStore || !stored || otherCustomer || licenceStateChanged(stored, profile, now)) await prefs.setProperty('login_profile', profile);
}

/** The refresh in flight per store (one per page load in the app; one per test store in tests). */
const inFlight = new WeakMap<AppDispatch, Promise<void>>();

/**
 * Once per page load (non-blocking): who is signed in and the login profile. Mounted by the pages
 * that need it and by the menu drawer; boot does not wait for it.
 */
export function useAccountAtStart(): void {
  const dispatch = useAppDispatch();
  const { prefs } = useServices();
  const status = useAppSelector((s) => s.account.status);
  // Asked again when the network comes back after a check that could not reach the server.
  const online = useAppSelector((s) => s.welcome.online);
  useEffect(() => {
    if (status !== 'unknown' || !online || inFlight.has(dispatch)) return;
    const refresh = refreshAccount(dispatch, prefs)
      .catch((error: unknown) => console.warn('Could not read the account', error))
      .finally(() => inFlight.delete(dispatch));
    inFlight.set(dispatch, refresh);
  }, [dispatch, online, prefs, status]);
}

/** Logout (spec part 1 §2, §4): ends the server session, clears the stored login, tells a native wrapper the welcome is not complete, goes to '/'. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const { prefs } = useServices();
  return useCallback(async () => {
    try {
      await logoutOnServer();
    } catch (error) {
      console.warn('Could not end the server session', error);
    }
    try {
      await prefs.deleteProperty('login_profile');
    } catch (error) {
      console.error('Could not clear the stored login', error);
    }
    dispatch(signedOut());
    notifyNativeWelcomeComplete(false);
  }, [dispatch, prefs]);
}
