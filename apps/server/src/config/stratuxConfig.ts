/** Stratux's own websocket stream as a second input of the devices bridge (devices/stratux.ts). */
export interface StratuxConfig {
  /**
   * DEVICES_STRATUX_URL: the Stratux host's websocket base or one of its streams, e.g.
   * `ws://192.168.10.1` or `ws://192.168.10.1/traffic`; the bridge opens `/traffic` and `/situation`
   * on that host. null (default): not used.
   */
  url: string | null;
}

export class StratuxConfigError extends Error {
  override readonly name = 'StratuxConfigError';
}

/** Reads DEVICES_STRATUX_URL; throws StratuxConfigError naming the variable and value. */
export function stratuxConfigOf(env: Record<string, string | undefined>): StratuxConfig {
  const text = env.DEVICES_STRATUX_URL?.trim() ?? '';
  if (text === '' || text === 'off') return { url: null };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StratuxConfigError(`DEVICES_STRATUX_URL must be a ws:// URL such as ws://192.168.10.1/traffic (got "${text}")`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new StratuxConfigError(`DEVICES_STRATUX_URL must be a ws:// or wss:// URL (got "${text}")`);
  return { url: text };
}
