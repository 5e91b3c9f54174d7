import type { RoutingEndpoint } from './endpoint';
import { createWorkerEndpoint, type WorkerLike } from './workerClient';

/**
 * The routing worker as a module Web Worker. Vite sees this `new Worker(new URL(...))` form, bundles
 * routing.worker.ts (and the nav database code it imports) into its own chunk, and Workbox precaches it.
 */
export function createRoutingWorkerEndpoint(): RoutingEndpoint {
  const worker = new Worker(new URL('./routing.worker.ts', import.meta.url), { type: 'module', name: 'routing' });
  return createWorkerEndpoint(worker as unknown as WorkerLike);
}
