import WebSocket from 'ws';

/**
 * X-Plane 12.1.1+'s local web API (port 8086): `GET /api/capabilities` says which versions it
 * serves; `GET /api/v2/datarefs?filter[name]=...` gives each dataref's numeric id; the websocket
 * `/api/v2` takes `dataref_subscribe_values` ({ datarefs: [{ id, index? }] }) and sends
 * `dataref_update_values` ({ data: { "<id>": value | value[] } }); `dataref_set_values` sets one and
 * `command_set_is_active` runs a command (ids from `GET /api/v2/commands?filter[name]=...`).
 */
export interface WebApiOptions {
  address: string;
  port: number;
  /** The subscribed datarefs in index order; `path[3]` means element 3 of an array dataref. */
  datarefs: readonly string[];
  /** One value of datarefs[index]. */
  onValue: (index: number, value: number) => void;
  onClose: () => void;
  timeoutMs?: number;
}

interface Entry {
  index: number;
  element: number | null;
}

const splitPath = (path: string): { name: string; element: number | null } => {
  const match = /^(.*)\[(\d+)\]$/.exec(path);
  return match ? { name: match[1]!, element: Number(match[2]) } : { name: path, element: null };
};

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const reply = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
  return reply.json();
}

/** Ids of names from /api/v2/{kind}?filter[name]=a&filter[name]=b (names X-Plane does not know are left out). */
async function idsOf(base: string, kind: 'datarefs' | 'commands', names: readonly string[], timeoutMs: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < names.length; i += 40) {
    const query = names.slice(i, i + 40).map((name) => `filter[name]=${encodeURIComponent(name)}`).join('&');
    const body = (await getJson(`${base}/api/v2/${kind}?${query}`, timeoutMs)) as { data?: Array<{ id?: unknown; name?: unknown }> };
    for (const item of body.data ?? []) if (typeof item.id === 'number' && typeof item.name === 'string') ids.set(item.name, item.id);
  }
  return ids;
}

/** A live web API link; `connect` resolves null when the API is not there (X-Plane 11, older 12, off). */
export class XPlaneWebApi {
  private reqId = 0;
  private readonly commandIds = new Map<string, number>();

  private constructor(
    private readonly socket: WebSocket,
    private readonly base: string,
    private readonly datarefIds: Map<string, number>,
    private readonly timeoutMs: number,
  ) {}

  static async connect(options: WebApiOptions): Promise<XPlaneWebApi | null> {
    const timeoutMs = options.timeoutMs ?? 1500;
    const base = `http://${options.address}:${options.port}`;
    try {
      const capabilities = (await getJson(`${base}/api/capabilities`, timeoutMs)) as { api?: { versions?: unknown } };
      const versions = capabilities.api?.versions;
      if (!Array.isArray(versions) || !versions.includes('v2')) return null;
      const names = [...new Set(options.datarefs.map((path) => splitPath(path).name))];
      const ids = await idsOf(base, 'datarefs', names, timeoutMs);
      const byId = new Map<number, Entry[]>();
      const subscriptions: Array<{ id: number; index?: number }> = [];
      options.datarefs.forEach((path, index) => {
        const { name, element } = splitPath(path);
        const id = ids.get(name);
        if (id === undefined) return;
        byId.set(id, [...(byId.get(id) ?? []), { index, element }]);
        subscriptions.push(element === null ? { id } : { id, index: element });
      });
      const socket = new WebSocket(`ws://${options.address}:${options.port}/api/v2`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('web API websocket: no answer')), timeoutMs);
        socket.once('open', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
      socket.on('error', () => undefined);
      socket.on('close', () => options.onClose());
      socket.on('message', (raw) => {
        let message: { type?: unknown; data?: unknown };
        try {
          message = JSON.parse(String(raw)) as typeof message;
        } catch {
          return;
        }
        if (message.type !== 'dataref_update_values' || typeof message.data !== 'object' || message.data === null) return;
        for (const [key, value] of Object.entries(message.data as Record<string, unknown>)) {
          for (const entry of byId.get(Number(key)) ?? []) {
            const v = Array.isArray(value) ? value[entry.element ?? 0] : value;
            if (typeof v === 'number') options.onValue(entry.index, v);
          }
        }
      });
      const api = new XPlaneWebApi(socket, base, ids, timeoutMs);
      api.send('dataref_subscribe_values', { datarefs: subscriptions });
      return api;
    } catch {
      return null;
    }
  }

  private send(type: string, params: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ req_id: ++this.reqId, type, params }));
  }

  /** Sets a dataref; false when X-Plane does not know it. */
  setDataref(path: string, value: number): boolean {
    const { name, element } = splitPath(path);
    const id = this.datarefIds.get(name);
    if (id === undefined) return false;
    this.send('dataref_set_values', { datarefs: [element === null ? { id, value } : { id, index: element, value }] });
    return true;
  }

  async runCommand(name: string): Promise<boolean> {
    if (!this.commandIds.has(name)) {
      const ids = await idsOf(this.base, 'commands', [name], this.timeoutMs).catch(() => new Map<string, number>());
      const id = ids.get(name);
      if (id === undefined) return false;
      this.commandIds.set(name, id);
    }
    this.send('command_set_is_active', { commands: [{ id: this.commandIds.get(name), is_active: true, duration: 0 }] });
    return true;
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.close();
  }
}
