import type { Dispatch } from '@reduxjs/toolkit';
import { deviceColorSchemeChanged } from './settingsSlice';

/** The media query a device in dark mode matches. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export type MatchMedia = (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

/**
 * Tells the store the device's colour scheme now and at every change (issue 27 point 8): the theme
 * follows it until the pilot uses the Day/Night switch (settingsSlice). Started once at start-up,
 * before the first screen renders; returns the stop. Without matchMedia (old browsers) the theme
 * stays Day.
 */
export function followDeviceColorScheme(
  dispatch: Dispatch,
  matchMedia: MatchMedia | undefined = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia.bind(window) : undefined,
): () => void {
  if (!matchMedia) return () => {};
  const query = matchMedia(DARK_SCHEME_QUERY);
  dispatch(deviceColorSchemeChanged(query.matches));
  const onChange = (event: Pick<MediaQueryListEvent, 'matches'>) => dispatch(deviceColorSchemeChanged(event.matches));
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
