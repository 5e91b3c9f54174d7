import { AdsbCore } from './adsbCore';
import { takeLink } from './receiverLink';
import { ADSB_WORKER_LOOP_MS, systemClock, type AdsbOutput } from './adsbMessages';
import type { AdsbEndpoint } from './adsbFacade';

/** The ADS-B core on the page (tests): the worker's messages and loop without a Worker. */
export function createDirectAdsbEndpoint(loopMs = ADSB_WORKER_LOOP_MS, clock = systemClock): AdsbEndpoint {
  let listener: (output: AdsbOutput) => void = () => undefined;
  const core = new AdsbCore({ clock, emit: (output) => listener(output) });
  const timer = loopMs > 0 ? setInterval(() => core.handle({ kind: 'tick' }), loopMs) : null;
  return {
    post: (input) => {
      if (input.kind === 'link') takeLink(input.port, core, (output) => listener(output));
      else core.handle(input);
    },
    onOutput(next) {
      listener = next;
      queueMicrotask(() => next({ kind: 'ready' }));
    },
    terminate: () => {
      if (timer !== null) clearInterval(timer);
    },
  };
}
