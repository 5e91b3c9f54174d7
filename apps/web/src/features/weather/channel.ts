import type { WeatherChannelMessage } from '@clearway/protocol';

/**
 * The weather channel (spec part 2 §7 "Weather channel updates arrive with a type and a cycle time";
 * protocol weather.ts): a socket to the `weatherSocket` endpoint. The server sends `{type:'all',
 * cycles}` on connect and `{type, cycle}` for each new cycle; each is handed on as it comes (the
 * snapshot store compares cycles and asks for a type whose cycle changed). A message that is not the
 * contract's is ignored with a log. A closed socket reconnects with back-off: 1 s, doubling to 60 s
 * with jitter, back to 1 s once a socket has opened; until stop().
 */

/** The part of WebSocket used here, so tests can pass a fake (node 22's WebSocket fits). */
export interface WeatherSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export const WEATHER_RECONNECT_MIN_MS = 1_000;
export const WEATHER_RECONNECT_MAX_MS = 60_000;

export interface WeatherChannelOptions {
  /** The weatherSocket endpoint, e.g. `wss://host/ws/weather`. */
  url: string;
  openSocket: (url: string) => WeatherSocketLike;
  onMessage: (message: WeatherChannelMessage) => void;
  /** Told when a socket opens and closes (test hooks, the status of the channel). */
  onState?: (state: 'open' | 'closed') => void;
  /** The message check; default: the protocol schema (parse.ts), loaded on first use. */
  parse?: (data: unknown) => Promise<WeatherChannelMessage | null>;
  random?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  log?: Pick<Console, 'warn'>;
}

const defaultParse = async (data: unknown): Promise<WeatherChannelMessage | null> => {
  const { parseWeatherChannelMessage } = await import('./parse');
  return parseWeatherChannelMessage(data);
};

export class WeatherChannel {
  private readonly options: WeatherChannelOptions;
  private socket: WeatherSocketLike | null = null;
  private timer: unknown = null;
  private stopped = true;
  /** Failed connections in a row (the back-off's exponent). */
  private failures = 0;
  /** Messages are handed on in the order they came, each after its check. */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: WeatherChannelOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as number)))(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** The wait before reconnect number `failures` (1, 2, ...): 1 s doubling, at most 60 s, 50 to 100% of it. */
  reconnectDelay(failures: number): number {
    const random = this.options.random ?? Math.random;
    const full = Math.min(WEATHER_RECONNECT_MAX_MS, WEATHER_RECONNECT_MIN_MS * 2 ** Math.max(0, failures - 1));
    return Math.round(full / 2 + (random() * full) / 2);
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: WeatherSocketLike;
    try {
      socket = this.options.openSocket(this.options.url);
    } catch (error) {
      (this.options.log ?? console).warn(`[weather] could not open the weather socket ${this.options.url}`, error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.options.onState?.('open');
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onState?.('closed');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.failures += 1;
    const set = this.options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
    this.timer = set(() => {
      this.timer = null;
      this.connect();
    }, this.reconnectDelay(this.failures));
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let body: unknown;
    try {
      body = JSON.parse(data);
    } catch {
      (this.options.log ?? console).warn(`[weather] a weather channel message is not JSON: ${data.slice(0, 80)}`);
      return;
    }
    const parse = this.options.parse ?? defaultParse;
    this.queue = this.queue.then(async () => {
      const message = await parse(body);
      if (!message) {
        (this.options.log ?? console).warn(`[weather] a weather channel message is not the contract's: ${data.slice(0, 80)}`);
        return;
      }
      if (!this.stopped) this.options.onMessage(message);
    }).catch((error: unknown) => (this.options.log ?? console).warn('[weather] a weather channel message could not be read', error));
  }
}
