import { DEVICES_SOCKET_PATH } from '@clearway/protocol';
import type { DevicesLink } from './inflightSlice';

/** The part of a WebSocket the client uses (tests pass a fake). */
export interface DevicesSocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export interface DevicesSocketOptions {
  /** The page's origin (`http://host:port`); the socket is `ws(s)://host:port/ws/devices`. */
  origin: string;
  openSocket?: (url: string) => DevicesSocketLike;
  onText: (text: string) => void;
  onLink: (link: DevicesLink) => void;
  /** Reconnect delays, ms: the first after a close, doubling up to the last. */
  retryMs?: { first: number; max: number };
}

/** `ws://host/ws/devices` from the page's origin. */
export function devicesSocketUrl(origin: string): string {
  const url = new URL(DEVICES_SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The devices socket of the server's bridge (packages/protocol devices.ts): the browser sends the
 * session cookie with the upgrade (same origin), as the server's `requireSession` wants. Each text
 * message goes to `onText` as it is (the ADS-B worker parses it). Reconnects after a close with a
 * doubling delay (a server without the bridge answers 404, signed out 401: both end as a close).
 */
export class DevicesSocket {
  readonly #options: DevicesSocketOptions;
  #socket: DevicesSocketLike | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delay: number;
  #stopped = false;

  constructor(options: DevicesSocketOptions) {
    this.#options = options;
    this.#delay = options.retryMs?.first ?? 1_000;
  }

  start(): void {
    this.#stopped = false;
    this.#open();
  }

  #open(): void {
    if (this.#stopped) return;
    const open = this.#options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as DevicesSocketLike);
    this.#options.onLink('connecting');
    let socket: DevicesSocketLike;
    try {
      socket = open(devicesSocketUrl(this.#options.origin));
    } catch {
      this.#retry();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      this.#delay = this.#options.retryMs?.first ?? 1_000;
      this.#options.onLink('open');
    };
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') this.#options.onText(event.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#options.onLink('closed');
      this.#retry();
    };
  }

  #retry(): void {
    if (this.#stopped) return;
    const max = this.#options.retryMs?.max ?? 30_000;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#open(), this.#delay);
    this.#delay = Math.min(max, this.#delay * 2);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const socket = this.#socket;
    this.#socket = null;
    socket?.close();
  }
}
