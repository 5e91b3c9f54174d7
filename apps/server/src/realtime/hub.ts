import { Redis } from 'ioredis';
import { z } from 'zod';
import { SYNC_TABLES, WEATHER_CHANNEL_TYPES, type SyncTable, type WeatherChannelType } from '@clearway/protocol';
import { redactSecret } from '../config/index.js';

/**
 * The messages of the profile socket (spec part 1 §7 "WebSocket at {ws}?cust_id=..&uuid=.."):
 * `{type: <table>}` tells a device to re-sync that table; `{type: 'new_app_version', env, version}`
 * announces a release (the app applies it only when env matches its own).
 */
export type RealtimeMessage = { type: SyncTable } | { type: 'new_app_version'; env: string; version: string };

export const realtimeMessageSchema = z.union([
  z.object({ type: z.enum(SYNC_TABLES) }).strict(),
  z.object({ type: z.literal('new_app_version'), env: z.string().min(1).max(64), version: z.string().min(1).max(64) }).strict(),
]);

/**
 * A message and who gets it. `custId` null means every connected device; `exceptUuid` is the
 * device that caused the change (it already has it).
 */
export interface MessageEnvelope {
  custId: string | null;
  exceptUuid: string | null;
  message: RealtimeMessage;
}

/**
 * Sessions of a customer that ended (a device removed, "sign out all other devices"): every
 * process closes their sockets at once (code SESSION_ENDED_CLOSE). Sessions ended elsewhere
 * (logout, password reset) are found by the heartbeat's session check instead.
 */
export interface SessionsEndedEnvelope {
  custId: string;
  endedSessions: string[];
}

/**
 * A weather product type got a new cycle (weather/ingest.ts): every process tells the weather
 * sockets it holds (`{type, cycle}`, spec part 2 §7 weather channel). Not for profile sockets.
 */
export interface WeatherEnvelope {
  weather: { type: WeatherChannelType; cycle: number };
}

/** What travels between server processes. */
export type RealtimeEnvelope = MessageEnvelope | SessionsEndedEnvelope | WeatherEnvelope;

const envelopeSchema = z.union([
  z.object({
    custId: z.string().nullable(),
    exceptUuid: z.string().nullable(),
    message: realtimeMessageSchema,
  }),
  z.object({ custId: z.string(), endedSessions: z.array(z.string().max(128)).max(1000) }),
  z.object({ weather: z.object({ type: z.enum(WEATHER_CHANNEL_TYPES), cycle: z.number().int().nonnegative() }).strict() }).strict(),
]);

/**
 * Fan-out of realtime envelopes to every server process (ARCHITECTURE.md "Server"): each process
 * subscribes once and delivers an envelope to the sockets it holds itself. In-process by default,
 * Redis pub/sub with REDIS_URL, so devices of one customer on different processes reach each other.
 */
export interface RealtimeHub {
  /** Sends an envelope to every subscriber of every process (this one included). */
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /** Registers this process's delivery; returns the function that removes it. */
  subscribe(deliver: (envelope: RealtimeEnvelope) => void): () => void;
  /** Resolves once published envelopes will reach this process's subscribers. */
  ready(): Promise<void>;
  /** Stops; later publishes are dropped. Safe to call twice. */
  close(): Promise<void>;
  readonly kind: 'in-process' | 'redis';
}

/** The hub of a single server process: publish calls the subscribers directly. */
export class InProcessHub implements RealtimeHub {
  readonly kind = 'in-process';
  private readonly subscribers = new Set<(envelope: RealtimeEnvelope) => void>();
  private closed = false;

  publish(envelope: RealtimeEnvelope): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const deliver of this.subscribers) deliver(envelope);
    return Promise.resolve();
  }

  subscribe(deliver: (envelope: RealtimeEnvelope) => void): () => void {
    this.subscribers.add(deliver);
    return () => this.subscribers.delete(deliver);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    return Promise.resolve();
  }
}

/** Anything with pino's error method. */
export interface HubLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The Redis channel every process publishes to and subscribes on. */
export const DEFAULT_REDIS_CHANNEL = 'clearway:realtime';

/**
 * The hub of many server processes: envelopes go through one Redis pub/sub channel as JSON. A
 * subscribing connection cannot publish, so the hub holds two connections. ioredis reconnects by
 * itself after a Redis restart; envelopes published while Redis is down are queued by ioredis and
 * sent on reconnection (devices also re-sync on every save and on reconnect, so none is lost for good).
 */
export class RedisHub implements RealtimeHub {
  readonly kind = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribers = new Set<(envelope: RealtimeEnvelope) => void>();
  private readonly subscribed: Promise<void>;
  private closed = false;

  constructor(url: string, private readonly logger: HubLogger, private readonly channel = DEFAULT_REDIS_CHANNEL) {
    const options = { lazyConnect: false, maxRetriesPerRequest: 3, connectionName: 'clearway-realtime' };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const [role, client] of [['publisher', this.publisher], ['subscriber', this.subscriber]] as const) {
      // Without a listener ioredis prints unhandled errors; reconnection is automatic.
      client.on('error', (error: Error) => this.logger.warn({ err: error, role }, 'realtime Redis connection error'));
    }
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.deliver(text);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => {
        throw new Error(`Realtime hub could not subscribe to ${this.channel} on Redis at ${redactSecret(url)} (REDIS_URL): ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    // Keep an early failure from becoming an unhandled rejection; ready() reports it.
    this.subscribed.catch(() => undefined);
  }

  private deliver(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.logger.error({ channel: this.channel }, 'realtime message from Redis is not JSON; dropped');
      return;
    }
    const envelope = envelopeSchema.safeParse(parsed);
    if (!envelope.success) {
      this.logger.error({ channel: this.channel, issues: envelope.error.issues }, 'realtime message from Redis has an unknown shape; dropped');
      return;
    }
    for (const deliver of this.subscribers) deliver(envelope.data as RealtimeEnvelope);
  }

  async publish(envelope: RealtimeEnvelope): Promise<void> {
    if (this.closed) return;
    await this.publisher.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(deliver: (envelope: RealtimeEnvelope) => void): () => void {
    this.subscribers.add(deliver);
    return () => this.subscribers.delete(deliver);
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscribers.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

/**
 * The hub for a configuration: Redis pub/sub when `redisUrl` is set (REDIS_URL), else in-process.
 * Await `ready()` before listening so no envelope published by another process is missed.
 */
export function createRealtimeHub(redisUrl: string | undefined, logger: HubLogger): RealtimeHub {
  return redisUrl === undefined ? new InProcessHub() : new RedisHub(redisUrl, logger);
}

/** Tells every connected device of every process that a new app version is out (spec §7). */
export function announceNewAppVersion(hub: RealtimeHub, env: string, version: string): Promise<void> {
  return hub.publish({ custId: null, exceptUuid: null, message: { type: 'new_app_version', env, version } });
}

/** Tells every process to close the sockets of these ended sessions of a customer. */
export function announceSessionsEnded(hub: RealtimeHub, custId: string, endedSessions: string[]): Promise<void> {
  if (endedSessions.length === 0) return Promise.resolve();
  return hub.publish({ custId, endedSessions });
}

/** Tells a customer's other devices to re-sync a table after `uuid` changed it. */
export function announceTableChanged(hub: RealtimeHub, custId: string, uuid: string, table: SyncTable): Promise<void> {
  return hub.publish({ custId, exceptUuid: uuid, message: { type: table } });
}
