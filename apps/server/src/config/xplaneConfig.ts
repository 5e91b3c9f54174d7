/** The simulator link's settings (devices/xplane: XPLANE, XPLANE_HOSTS, XPLANE_LISTEN_PORT, XPLANE_BEACON, XPLANE_WEB_API, XPLANE_FMS_DIR). */
export interface XPlaneConfig {
  /** XPLANE=on|off; default: with the devices bridge (DEVICES). */
  enabled: boolean;
  /** XPLANE_HOSTS: `address[:port]` list (comma separated) used without a beacon; port 49000 by default. */
  hosts: Array<{ address: string; port: number }>;
  /** XPLANE_HOST: the address the link's UDP sockets bind (default: DEVICES_HOST's, so loopback for a loopback server). */
  listenHost: string;
  /** XPLANE_LISTEN_PORT: the UDP port RREF answers arrive at (default 49008; 0: any free port). */
  listenPort: number;
  /** XPLANE_BEACON=on|off: listen for X-Plane's multicast beacon on 239.255.1.1:49707 (default on). */
  beacon: boolean;
  /** XPLANE_WEB_API=on|off: use X-Plane 12.1.1+'s web API on port 8086 when present (default on). */
  webApi: boolean;
  /** XPLANE_FMS_DIR: X-Plane's `Output/FMS plans` folder; flight plans are written there when set. */
  fmsDir: string | null;
}

export class XPlaneConfigError extends Error {
  override readonly name = 'XPlaneConfigError';
}

const onOff = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value.trim() === '') return fallback;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new XPlaneConfigError(`${name} must be on or off (got "${value}")`);
};

const port = (name: string, text: string, min: number): number => {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > 65535) throw new XPlaneConfigError(`${name} must be an integer between ${min} and 65535 (got "${text}")`);
  return Number(text);
};

/** Reads XPLANE_* from the environment; throws XPlaneConfigError naming the variable and value. */
export function xplaneConfigOf(env: Record<string, string | undefined>, devices: { enabled: boolean; host: string }): XPlaneConfig {
  const hosts = (env.XPLANE_HOSTS ?? '').split(',').map((h) => h.trim()).filter((h) => h !== '').map((entry) => {
    const match = /^([A-Za-z0-9.-]+)(?::(\d+))?$/.exec(entry);
    if (!match) throw new XPlaneConfigError(`XPLANE_HOSTS entries must be address or address:port (got "${entry}")`);
    return { address: match[1]!, port: match[2] === undefined ? 49000 : port('XPLANE_HOSTS port', match[2], 1) };
  });
  const fmsDir = env.XPLANE_FMS_DIR?.trim();
  return {
    enabled: onOff('XPLANE', env.XPLANE, devices.enabled),
    listenHost: env.XPLANE_HOST?.trim() || devices.host,
    hosts,
    listenPort: env.XPLANE_LISTEN_PORT === undefined || env.XPLANE_LISTEN_PORT.trim() === '' ? 49008 : port('XPLANE_LISTEN_PORT', env.XPLANE_LISTEN_PORT.trim(), 0),
    beacon: onOff('XPLANE_BEACON', env.XPLANE_BEACON, true),
    webApi: onOff('XPLANE_WEB_API', env.XPLANE_WEB_API, true),
    fmsDir: fmsDir === undefined || fmsDir === '' ? null : fmsDir,
  };
}
