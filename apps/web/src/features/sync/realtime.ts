import { SYNC_TABLES, type SyncTable } from '@clearway/protocol';

/**
 * The realtime channel of profile sync (spec part 1 §7 "WebSocket"): `{profileSocket}?cust_id=..&uuid=..`
 * (the session cookie authenticates the upgrade). `{type: <table>}` asks for a re-sync of that table;
 * `{type: 'new_app_version', env, version}` is passed on only when env is the running environment.
 * A closed socket reconnects after a random 10 to 60 s, until stop().
 */

/** The part of WebSocket used here, so tests can pass a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export const RECONNECT_MIN_MS = 10_000;
export const RECONNECT_MAX_MS = 60_000;

export interface RealtimeOptions {
  /** The profileSocket endpoint, e.g. `wss://host/ws/profile`. */
  url: string;
  custId: string;
  uuid: string;
  /** The running environment (config env). */
  env: string;
  openSocket: (url: string) => SocketLike;
  onTable: (table: SyncTable) => void;
  onNewAppVersion: (version: string) => void;
  /** Told when the socket opens (after a reconnect, a caller may sync everything it missed). */
  onOpen?: () => void;
  random?: () => number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const TABLES = new Set<string>(SYNC_TABLES);

/** The socket URL with the customer and device. */
export function profileSocketUrl(endpoint: string, custId: string, uuid: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('cust_id', custId);
  url.searchParams.set('uuid', uuid);
  return url.toString();
}

export class RealtimeChannel {
  private readonly options: RealtimeOptions;
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private stopped = false;

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes the socket for good (sign-out). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as number)))(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** The delay before the next reconnect: uniformly 10 to 60 s. */
  reconnectDelay(): number {
    const random = this.options.random ?? Math.random;
    return Math.round(RECONNECT_MIN_MS + random() * (RECONNECT_MAX_MS - RECONNECT_MIN_MS));
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.options.openSocket(profileSocketUrl(this.options.url, this.options.custId, this.options.uuid));
    } catch (error) {
      console.warn('Could not open the sync socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.options.onOpen?.();
    socket.onmessage = (event) => this.handle(event.data);
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const set = this.options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
    this.timer = set(() => {
      this.timer = null;
      this.connect();
    }, this.reconnectDelay());
  }

  private handle(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message === null || typeof message !== 'object') return;
    const { type, env, version } = message as { type?: unknown; env?: unknown; version?: unknown };
    if (typeof type !== 'string') return;
    if (type === 'new_app_version') {
      if (env === this.options.env && typeof version === 'string') this.options.onNewAppVersion(version);
      return;
    }
    if (TABLES.has(type)) this.options.onTable(type as SyncTable);
  }
}
