import { createSocket, type Socket } from 'node:dgram';
import {
  defaultFlightData,
  SIM_FLIGHT_DATA_MAX_PER_SECOND,
  SIM_STALE_MS,
  SIM_STATUS_POLL_MS,
  XPLANE_BEACON_GROUP,
  type SimCommand,
  type SimCounts,
  type SimDataSource,
  type SimFlightData,
  type SimServerMessage,
  type SimStatusMessage,
  type XPlaneHost,
} from '@clearway/protocol';
import type { JobClock } from '../../jobs/index.js';
import { XPlaneWebApi } from './webapi.js';
import { decodeBeacon, decodeRrefAnswer, encodeCmnd, encodeDref, encodeRrefRequest, packetKind } from './codec.js';
import {
  AUTOPILOT_COMMANDS,
  AUTOPILOT_VALUE_DATAREFS,
  DIRECT_TO_COMMAND,
  DIRECT_TO_INDEX_DATAREF,
  FLIGHT_DATA_FIELDS,
  FLIGHT_DIRECTOR_DATAREF,
  PAUSED_INDEX,
  RADIO_DATAREFS,
  SUBSCRIBED_DATAREFS,
} from './datarefs.js';

/** What the link reports for a log line (the module limits how often). */
export type SimLogKind = 'bad' | 'dropped' | 'lost' | 'connected' | 'socket';

export interface XPlaneLinkOptions {
  clock: JobClock;
  emit: (message: SimServerMessage) => void;
  log: (kind: SimLogKind, text: string, detail?: Record<string, unknown>) => void;
  /** Where RREF answers arrive (0: any free port). */
  listenHost: string;
  listenPort: number;
  /** The beacon: port (49707) and multicast group; null: no beacon listening. */
  beacon: { port: number; group: string; host: string } | null;
  /** Hosts from XPLANE_HOSTS (`address:port`), listed without a beacon. */
  hosts: Array<{ address: string; port: number }>;
  /** RREF answers per second asked of X-Plane (default 20). */
  frequency?: number;
  pollMs?: number;
  staleMs?: number;
  /** Whether fms files are written into X-Plane's folder (for the status). */
  fmsDir: boolean;
  /** X-Plane 12.1.1+'s web API port (8086), tried at the current host when subscribing; null: UDP only. */
  webApiPort: number | null;
}

/** A failed web API attempt at a host is not repeated for this long. */
const WEB_API_RETRY_MS = 30_000;

type Op = { dref: string; value: number } | { cmnd: string };

/** A beacon host not heard for this long leaves the list (unless it is the current host with fresh data). */
const HOST_FORGET_MS = 30_000;

function bindUdp(socket: Socket, port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    socket.once('error', onError);
    socket.bind(port, host, () => {
      socket.off('error', onError);
      resolve(true);
    });
  });
}

/**
 * The X-Plane UDP link (X-Plane 11 and 12): discovery from the BECN beacon (and XPLANE_HOSTS),
 * RREF subscription of flightData's datarefs at the current host, status polled every 2 s, data
 * stale after 10 s (the last flightData kept), subscription sent again while no data comes
 * (reconnect), and commands as DREF/CMND. Commands while no simulator is connected are counted,
 * logged and dropped (spec part 2 §8). Never throws on any packet.
 */
export class XPlaneLink {
  private readonly options: XPlaneLinkOptions;
  private readonly pollMs: number;
  private readonly staleMs: number;
  private data: SimFlightData = defaultFlightData();
  private paused = false;
  private readonly hosts = new Map<string, XPlaneHost>();
  private current: string | null = null;
  private subscribed = false;
  private lastDataAt: number | null = null;
  private lastSubscribeAt = 0;
  private lastEmitAt = 0;
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;
  private dataSocket: Socket | null = null;
  private beaconSocket: Socket | null = null;
  private lastStatusKey = '';
  private webApi: XPlaneWebApi | null = null;
  private webApiTrying = false;
  private webApiTriedAt = new Map<string, number>();
  private source: SimDataSource = 'none';
  readonly counts: SimCounts = { datagrams: 0, values: 0, bad: 0, commandsSent: 0, commandsDropped: 0, reconnects: 0 };
  /** The UDP port RREF answers arrive at (null until bound). */
  dataPort: number | null = null;
  beaconPort: number | null = null;

  constructor(options: XPlaneLinkOptions) {
    this.options = options;
    this.pollMs = options.pollMs ?? SIM_STATUS_POLL_MS;
    this.staleMs = options.staleMs ?? SIM_STALE_MS;
    for (const host of options.hosts) {
      const id = `${host.address}:${host.port}`;
      this.hosts.set(id, { id, address: host.address, port: host.port, name: '', version: null, role: null, lastSeenAt: options.clock.now(), source: 'config' });
    }
    if (options.hosts.length > 0) this.current = `${options.hosts[0]!.address}:${options.hosts[0]!.port}`;
  }

  async start(): Promise<void> {
    const data = createSocket('udp4');
    data.on('error', (error) => this.options.log('socket', 'xplane: data socket error', { err: error }));
    if (await bindUdp(data, this.options.listenPort, this.options.listenHost)) {
      this.dataSocket = data;
      this.dataPort = data.address().port;
      data.on('message', (bytes, remote) => this.handleData(bytes, `${remote.address}:${remote.port}`));
    } else {
      this.options.log('socket', `xplane: UDP ${this.options.listenHost}:${this.options.listenPort} could not be bound; the simulator link cannot hear X-Plane`);
    }
    const beacon = this.options.beacon;
    if (beacon !== null) {
      const socket = createSocket({ type: 'udp4', reuseAddr: true });
      socket.on('error', (error) => this.options.log('socket', 'xplane: beacon socket error', { err: error }));
      if (await bindUdp(socket, beacon.port, beacon.host)) {
        this.beaconSocket = socket;
        this.beaconPort = socket.address().port;
        try {
          socket.addMembership(beacon.group);
        } catch (error) {
          this.options.log('socket', `xplane: could not join the beacon group ${beacon.group} (beacons sent to this host directly are still heard)`, { err: error });
        }
        socket.on('message', (bytes, remote) => this.handleBeacon(bytes, remote.address));
      } else {
        this.options.log('socket', `xplane: beacon port ${beacon.port} could not be bound; discovery by XPLANE_HOSTS only`);
      }
    }
    this.poller = setInterval(() => this.poll(), this.pollMs);
    this.poller.unref();
  }

  async stop(): Promise<void> {
    if (this.poller !== null) clearInterval(this.poller);
    if (this.emitTimer !== null) clearTimeout(this.emitTimer);
    this.webApi?.close();
    this.webApi = null;
    if (this.subscribed) this.sendSubscription(0);
    await Promise.all([this.dataSocket, this.beaconSocket].map((socket) => new Promise<void>((resolve) => (socket === null ? resolve() : socket.close(() => resolve())))));
    this.dataSocket = null;
    this.beaconSocket = null;
  }

  // --- State -------------------------------------------------------------------------------

  private connected(now = this.options.clock.now()): boolean {
    return this.lastDataAt !== null && now - this.lastDataAt < this.staleMs;
  }

  status(): SimStatusMessage {
    const now = this.options.clock.now();
    const connected = this.connected(now);
    const dataSource: SimDataSource = connected ? this.source : 'none';
    return {
      type: 'simStatus',
      time: now,
      connected,
      dataSource,
      isSimulating: connected && !this.paused,
      stale: this.lastDataAt !== null && !connected,
      xplaneHosts: [...this.hosts.values()],
      currentXplaneHost: this.current,
      subscribed: this.subscribed,
      lastDataAt: this.lastDataAt,
      fmsDir: this.options.fmsDir,
      counts: { ...this.counts },
    };
  }

  flightData(): SimFlightData | null {
    return this.lastDataAt === null ? null : structuredClone(this.data);
  }

  /** Emits the status when anything but the time and counts changed (or always with force). */
  private emitStatus(force = false): void {
    const status = this.status();
    const key = JSON.stringify([status.connected, status.isSimulating, status.stale, status.currentXplaneHost, status.subscribed, status.xplaneHosts.map((h) => h.id)]);
    if (!force && key === this.lastStatusKey) return;
    this.lastStatusKey = key;
    this.options.emit(status);
  }

  private poll(): void {
    const now = this.options.clock.now();
    for (const [id, host] of this.hosts) {
      if (host.source === 'beacon' && now - host.lastSeenAt > HOST_FORGET_MS && !(id === this.current && this.connected(now))) this.hosts.delete(id);
    }
    if (this.lastDataAt !== null && !this.connected(now) && this.lastStatusKey.startsWith('[true')) {
      this.options.log('lost', `xplane: no data from ${this.current ?? 'X-Plane'} for ${this.staleMs / 1000} s: link lost, the last position kept as stale`);
    }
    // Reconnect: the subscription again while no data comes (X-Plane restarted, host changed).
    // Without data for two polls while subscribed, the subscription is sent again.
    const resubscribeAfter = 2 * this.pollMs;
    if (this.subscribed && this.webApi === null) this.tryWebApi();
    if (this.subscribed && this.current !== null && this.webApi === null && (this.lastDataAt === null || now - this.lastDataAt > resubscribeAfter) && now - this.lastSubscribeAt >= resubscribeAfter) {
      this.counts.reconnects++;
      this.sendSubscription(this.options.frequency ?? 20);
    }
    this.emitStatus();
  }

  // --- Input -------------------------------------------------------------------------------

  handleBeacon(bytes: Uint8Array, address: string): void {
    this.counts.datagrams++;
    const beacon = decodeBeacon(bytes);
    if (!beacon.ok) {
      this.counts.bad++;
      this.options.log('bad', `xplane: bad beacon from ${address}: ${beacon.error}; counted and dropped`);
      return;
    }
    if (beacon.value.hostId !== 1) return; // PlaneMaker and others
    const id = `${address}:${beacon.value.port}`;
    const known = this.hosts.has(id);
    this.hosts.set(id, { id, address, port: beacon.value.port, name: beacon.value.name, version: beacon.value.version, role: beacon.value.role, lastSeenAt: this.options.clock.now(), source: 'beacon' });
    if (this.current === null && beacon.value.role === 1) this.setHost(id);
    else if (!known) this.emitStatus();
  }

  handleData(bytes: Uint8Array, from: string): void {
    this.counts.datagrams++;
    const answer = decodeRrefAnswer(bytes);
    if (!answer.ok) {
      this.counts.bad++;
      this.options.log('bad', `xplane: bad packet from ${from} (${packetKind(bytes) || 'short'}): ${answer.error}; counted and dropped`);
      return;
    }
    let applied = 0;
    for (const [index, value] of answer.value) applied += this.applyValue(index, value);
    this.markData(applied, 'udp', from);
  }

  /** One dataref value by its subscription index: 1 when applied, 0 (counted bad) otherwise. */
  private applyValue(index: number, value: number): number {
    if (index === PAUSED_INDEX) {
      this.paused = value >= 0.5;
      return 1;
    }
    if (index >= 0 && index < FLIGHT_DATA_FIELDS.length && Number.isFinite(value)) {
      FLIGHT_DATA_FIELDS[index]!.apply(this.data, value);
      return 1;
    }
    this.counts.bad++;
    return 0;
  }

  private markData(applied: number, source: SimDataSource, from: string): void {
    if (applied === 0) return;
    this.counts.values += applied;
    const wasConnected = this.connected();
    const sourceChanged = this.source !== source;
    this.source = source;
    this.lastDataAt = this.options.clock.now();
    if (!wasConnected || sourceChanged) {
      this.options.log('connected', `xplane: data from ${from} (${source === 'webapi' ? 'web API' : 'UDP'})`);
      this.emitStatus(true);
    }
    this.scheduleFlightData();
  }

  /** X-Plane 12.1.1+: the web API at the current host, once per WEB_API_RETRY_MS per host; UDP meanwhile. */
  private tryWebApi(): void {
    const host = this.current === null ? undefined : this.hosts.get(this.current);
    const port = this.options.webApiPort;
    if (host === undefined || port === null || this.webApiTrying) return;
    if (host.version !== null && host.version < 121100) return; // the web API came with 12.1.1
    const now = this.options.clock.now();
    const tried = this.webApiTriedAt.get(host.id);
    if (tried !== undefined && now - tried < WEB_API_RETRY_MS) return;
    this.webApiTriedAt.set(host.id, now);
    this.webApiTrying = true;
    const id = host.id;
    void XPlaneWebApi.connect({
      address: host.address,
      port,
      datarefs: SUBSCRIBED_DATAREFS,
      onValue: (index, value) => {
        if (this.current === id) this.markData(this.applyValue(index, value), 'webapi', `${host.address}:${port}`);
      },
      onClose: () => {
        this.webApi = null;
        this.options.log('lost', `xplane: the web API at ${host.address}:${port} closed; back to UDP`);
        if (this.subscribed) this.sendSubscription(this.options.frequency ?? 20);
      },
    }).then((api) => {
      this.webApiTrying = false;
      if (api === null) return;
      if (!this.subscribed || this.current !== id) {
        api.close();
        return;
      }
      this.webApi = api;
      this.sendSubscription(0); // the web API carries the data now
      this.options.log('connected', `xplane: using the web API at ${host.address}:${port}`);
    });
  }

  private scheduleFlightData(): void {
    if (this.emitTimer !== null) return;
    const gap = 1000 / SIM_FLIGHT_DATA_MAX_PER_SECOND;
    const wait = Math.max(0, this.lastEmitAt + gap - this.options.clock.now());
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.lastEmitAt = this.options.clock.now();
      this.options.emit({ type: 'flightData', time: this.lastEmitAt, data: structuredClone(this.data) });
    }, wait);
  }

  // --- Control -----------------------------------------------------------------------------

  private send(bytes: Buffer): boolean {
    const host = this.current === null ? undefined : this.hosts.get(this.current);
    if (this.dataSocket === null || host === undefined) return false;
    this.dataSocket.send(bytes, host.port, host.address);
    return true;
  }

  private sendSubscription(frequency: number): void {
    this.lastSubscribeAt = this.options.clock.now();
    SUBSCRIBED_DATAREFS.forEach((path, index) => this.send(encodeRrefRequest(frequency, index, path)));
  }

  subscribe(): void {
    this.subscribed = true;
    this.sendSubscription(this.options.frequency ?? 20);
    this.tryWebApi();
    this.emitStatus();
  }

  unsubscribe(): void {
    this.webApi?.close();
    this.webApi = null;
    if (this.subscribed) this.sendSubscription(0);
    this.subscribed = false;
    this.emitStatus();
  }

  /** Spec §7 setCurrentXPlaneHost: false when the host is not in the list. */
  setHost(id: string): boolean {
    if (!this.hosts.has(id)) return false;
    if (this.subscribed && this.current !== null && this.current !== id) this.sendSubscription(0);
    this.webApi?.close();
    this.webApi = null;
    this.current = id;
    this.lastDataAt = null;
    if (this.subscribed) {
      this.sendSubscription(this.options.frequency ?? 20);
      this.tryWebApi();
    }
    this.emitStatus(true);
    return true;
  }

  forceReconnect(): void {
    this.counts.reconnects++;
    if (this.subscribed) {
      this.sendSubscription(0);
      this.sendSubscription(this.options.frequency ?? 20);
    }
    this.emitStatus(true);
  }

  /** Sends one command as DREF/CMND; { ok: false } (counted, logged) when no simulator is connected. */
  command(command: Exclude<SimCommand, { type: 'flightPlan' }>): { ok: boolean; message: string } {
    if (!this.connected() || this.dataSocket === null) {
      this.counts.commandsDropped++;
      const message = `No simulator connected: ${command.type} dropped`;
      this.options.log('dropped', `xplane: ${message}`);
      return { ok: false, message };
    }
    const ops: Op[] = [];
    switch (command.type) {
      case 'directTo':
        ops.push({ dref: DIRECT_TO_INDEX_DATAREF, value: command.index }, { cmnd: DIRECT_TO_COMMAND });
        break;
      case 'setRadio':
        // COM in kHz (8.33 kHz dataref), NAV in 10 kHz units.
        ops.push({ dref: RADIO_DATAREFS[command.radio], value: command.radio.startsWith('com') ? Math.round(command.value * 1000) : Math.round(command.value * 100) });
        break;
      case 'flightDirector':
        ops.push({ dref: FLIGHT_DIRECTOR_DATAREF, value: command.mode });
        break;
      case 'autopilot':
        if (command.command in AUTOPILOT_COMMANDS) ops.push({ cmnd: AUTOPILOT_COMMANDS[command.command as keyof typeof AUTOPILOT_COMMANDS] });
        else if (command.value === undefined) return { ok: false, message: `autopilot ${command.command} needs a value` };
        else ops.push({ dref: AUTOPILOT_VALUE_DATAREFS[command.command as keyof typeof AUTOPILOT_VALUE_DATAREFS], value: command.value });
        break;
    }
    const api = this.webApi;
    void (async () => {
      for (const op of ops) {
        if ('dref' in op) {
          if (api === null || !api.setDataref(op.dref, op.value)) this.send(encodeDref(op.dref, op.value));
        } else if (api === null || !(await api.runCommand(op.cmnd))) {
          this.send(encodeCmnd(op.cmnd));
        }
      }
    })();
    this.counts.commandsSent++;
    return { ok: true, message: `${command.type} sent to ${this.current ?? ''}${api === null ? '' : ' (web API)'}` };
  }
}

export { XPLANE_BEACON_GROUP };
