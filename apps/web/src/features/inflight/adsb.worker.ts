import { AdsbCore } from './adsbCore';
import { takeLink } from './receiverLink';
import { ADSB_WORKER_LOOP_MS, systemClock, type AdsbInput, type AdsbOutput } from './adsbMessages';

// The ADS-B worker (spec part 2 §4 "Start-up: traffic receiver"): AdsbCore off the page's thread.
// Created by AdsbWorkerFacade.init() (adsbFacade.ts) on first use.
interface ScopeLike {
  postMessage(message: AdsbOutput): void;
  onmessage: ((event: MessageEvent<AdsbInput>) => void) | null;
}
const scope = self as unknown as ScopeLike;
const core = new AdsbCore({ clock: systemClock, emit: (output) => scope.postMessage(output) });
scope.onmessage = (event) => {
  const input = event.data;
  if (input.kind === 'link') takeLink(input.port, core, (output) => scope.postMessage(output));
  else core.handle(input);
};
setInterval(() => core.handle({ kind: 'tick' }), ADSB_WORKER_LOOP_MS);
scope.postMessage({ kind: 'ready' });
