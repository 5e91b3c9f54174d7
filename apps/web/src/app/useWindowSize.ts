import { useSyncExternalStore } from 'react';

export interface WindowSize {
  /** CSS px */
  width: number;
  /** CSS px */
  height: number;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

// A string snapshot stays equal while the size is unchanged, so renders happen only on real changes.
const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;

/** The viewport size, updated on resize and orientation change. */
export function useWindowSize(): WindowSize {
  const [width, height] = useSyncExternalStore(subscribe, snapshot, () => '1280x800').split('x').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}
