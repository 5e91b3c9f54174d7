import { createAction } from '@reduxjs/toolkit';
import type { PropertyValues } from '../db/prefs';

/**
 * Values read from the prefs database at start-up (boot stage profile_init). Slices take what they
 * own and ignore values of the wrong type; the persistence listener never writes these back.
 */
export const prefsLoaded = createAction<Partial<PropertyValues>>('prefs/loaded');
