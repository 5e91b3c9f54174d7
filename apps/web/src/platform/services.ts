import { createContext, useContext } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { PropertyStore } from '../db/prefs';
import type { Connectivity } from './connectivity';
import type { RoutingWorkerFacade } from '../worker/facade';

/** Things the shell's components need beyond the store, injected so tests can replace them. */
export interface AppServices {
  prefs: PropertyStore;
  /** Activates a waiting service worker (the Restart button). */
  applyUpdate: () => void;
  /** This build's version. */
  appVersion: string;
  /** The routing worker (local engine: search, airport summary, runways ...); absent in some tests. */
  routing?: RoutingWorkerFacade;
  /**
   * Settles when the map's first picture is drawn or given up on (readiness.ts firstPictureWait, the
   * same promise boot waits for); profile sync starts after it. Absent in most tests: nothing waits.
   */
  firstPicture?: Promise<void>;
  /** Loads Stripe.js for a publishable key (null: not available here); absent: the real one (pricing/stripeLoader.ts). */
  loadStripe?: (publishableKey: string) => Promise<Stripe | null>;
  /** Whether the server can be reached (the top bar's Offline badge, missing map tiles asked again); absent: always online. */
  connectivity?: Connectivity;
  /**
   * A terrain tile's bytes (Terrarium PNG, the 3D map's tiles: a pack on the device, else the
   * server's terrain packs), null when none has it; absent: the vertical profile draws no terrain.
   */
  terrainTile?: (z: number, x: number, y: number, signal: AbortSignal) => Promise<Uint8Array | null>;
}

export const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? 'dev';

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext provider');
  return services;
}
