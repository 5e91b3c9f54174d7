import { useEffect, useState } from 'react';
import type { ImageryFrame } from '@clearway/protocol';
import { fetchImageryIndex, loadFrameImage, type ImageryClientDeps, type StoredIndex } from './imageryCache';

/** Where the shown index came from: this page session's memory, the device's store, or the server just now. */
export type IndexSource = 'memory' | 'device' | 'server';

export interface ImageryIndexState {
  stored: StoredIndex | null;
  from: IndexSource | null;
  /** The server could not be asked (offline) or answered wrongly; the stored index (if any) is shown. */
  error: string | null;
  /** Still waiting for the server's answer. */
  checking: boolean;
  /** Paths of the images stored on this device (deviceFrames). */
  storedPaths: readonly string[];
}

/** How often an open page asks for the index again, ms. */
export const INDEX_REFRESH_MS = 60_000;

/** The last index of this app session: a page opened again draws at once, before the device store answers. */
let memoryIndex: StoredIndex | null = null;
/** Object URLs of frames already read, by path (a path names its content, so they never go stale). */
const frameUrls = new Map<string, string>();

/** Forgets the session's memory (tests). */
export function resetImageryMemory(): void {
  memoryIndex = null;
  for (const url of frameUrls.values()) URL.revokeObjectURL(url);
  frameUrls.clear();
}

/**
 * The imagery index: the one in memory or on the device first (offline after one visit), then the
 * server's (stored for next time). A failure to reach the server keeps what was shown and says why.
 */
export function useImageryIndex(deps: ImageryClientDeps | null): ImageryIndexState {
  const [state, setState] = useState<ImageryIndexState>(() => ({ stored: memoryIndex, from: memoryIndex === null ? null : 'memory', error: null, checking: true, storedPaths: [] }));
  useEffect(() => {
    if (deps === null) return;
    const controller = new AbortController();
    let live = true;
    (async () => {
      // The device's index and list of images, read side by side (the first picture waits for them).
      const storedPaths = async () => (deps.db === null ? [] : await deps.db.storedPaths().catch(() => []));
      const [device, before] = await Promise.all([memoryIndex === null && deps.db !== null ? deps.db.getIndex().catch(() => null) : Promise.resolve(null), storedPaths()]);
      const shown = memoryIndex ?? device;
      if (live) {
        if (memoryIndex === null && device !== null) memoryIndex = device;
        setState((s) => (s.from === 'server' ? s : { ...s, stored: shown, from: s.from ?? (device === null ? null : 'device'), storedPaths: before }));
      }
      try {
        const result = await fetchImageryIndex(deps, shown, controller.signal);
        if (!live) return;
        if (result.status === 'new') memoryIndex = result.stored;
        const after = await storedPaths();
        if (!live) return;
        setState({ stored: result.status === 'new' ? result.stored : shown, from: 'server', error: null, checking: false, storedPaths: after });
      } catch (error) {
        if (!live) return;
        setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error), checking: false }));
      }
    })();
    // While the page is open the index is asked again each minute (a 304 when nothing changed), so a
    // loop gains its new frames and a failure shows without reopening the page.
    const timer = setInterval(() => {
      fetchImageryIndex(deps, memoryIndex, controller.signal)
        .then(async (result) => {
          if (result.status === 'new') memoryIndex = result.stored;
          const paths = deps.db === null ? [] : await deps.db.storedPaths().catch(() => []);
          if (live && result.status === 'new') setState({ stored: result.stored, from: 'server', error: null, checking: false, storedPaths: paths });
          else if (live) setState((s) => (s.error === null ? s : { ...s, error: null, from: 'server' }));
        })
        .catch((error: unknown) => {
          if (live && !controller.signal.aborted) setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) }));
        });
    }, INDEX_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      controller.abort();
    };
  }, [deps]);
  return state;
}

/** Each frame's object URL once read (device first, then server); `error` when it could not be had (also in `errors`, kept across calls); absent while loading. */
export function useFrameUrls(deps: ImageryClientDeps | null, frames: readonly Pick<ImageryFrame, 'path'>[]): { urls: Record<string, string | 'error'>; errors: ReadonlySet<string> } {
  const key = frames.map((frame) => frame.path).join('|');
  const [, setLoaded] = useState(0);
  const [errors, setErrors] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (deps === null || key === '') return;
    const controller = new AbortController();
    let live = true;
    // The latest first (the picture shown first), then the others of a loop, newest to oldest.
    for (const path of key.split('|').reverse()) {
      if (frameUrls.has(path)) continue;
      loadFrameImage(deps, { path }, controller.signal)
        .then(({ blob }) => {
          if (!frameUrls.has(path)) frameUrls.set(path, URL.createObjectURL(blob));
          if (live) setLoaded((n) => n + 1);
        })
        .catch(() => {
          if (live) setErrors((current) => new Set(current).add(path));
        });
    }
    return () => {
      live = false;
      controller.abort();
    };
  }, [deps, key]);
  const urls: Record<string, string | 'error'> = {};
  for (const path of key === '' ? [] : key.split('|')) {
    const url = frameUrls.get(path) ?? (errors.has(path) ? 'error' : undefined);
    if (url !== undefined) urls[path] = url;
  }
  return { urls, errors };
}
