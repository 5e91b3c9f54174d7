import { openStoredPack, storedPacks, subscribeStoredPacks } from '../../downloads';
import type { DevicePacks } from './packTiles';

/** The downloads feature's stored packs, as the map reads them (no MapLibre here: the map page's banner uses it). */
export const devicePacks: DevicePacks = {
  list: storedPacks,
  open: openStoredPack,
  subscribe: subscribeStoredPacks,
};
