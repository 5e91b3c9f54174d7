import { useCallback, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import type { MapTheme } from '../map';

/** The map theme of the app's setting (night when dark mode is on), as the map page has it. */
export function useMapTheme(): MapTheme {
  return useAppSelector((s) => s.settings.dark_mode) ? 'night' : 'day';
}

/** When the page's map first drew its product (performance.now()), for the page's data-wx-drawn-ms. */
export function useDrawnAt(): [number | null, (at: number) => void] {
  const [at, setAt] = useState<number | null>(null);
  const onDrawn = useCallback((value: number) => setAt((old) => old ?? value), []);
  return [at, onDrawn];
}

/** A set toggled one key at a time. */
export function useToggleSet<K>(initial: Iterable<K>): [ReadonlySet<K>, (key: K) => void, (keys: Iterable<K>) => void] {
  const [set, setSet] = useState<ReadonlySet<K>>(() => new Set(initial));
  const toggle = useCallback((key: K) => setSet((old) => {
    const next = new Set(old);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  }), []);
  const reset = useCallback((keys: Iterable<K>) => setSet(new Set(keys)), []);
  return [set, toggle, reset];
}
