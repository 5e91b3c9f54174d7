import type { FastifyInstance } from 'fastify';
import type { SessionResolver } from '../auth/index.js';
import type { DevicesConfig } from '../config/index.js';
import type { OriginPolicy } from '../http/index.js';

export interface DevicesModuleOptions {
  config: DevicesConfig;
  sessions: SessionResolver;
  origins: OriginPolicy;
  /** Test settings. */
  settings?: Record<string, unknown>;
}

/** The devices bridge (work in progress): GDL90 on UDP to /ws/devices. */
export async function devicesModule(_app: FastifyInstance, options: DevicesModuleOptions): Promise<void> {
  if (!options.config.enabled) return;
  await Promise.resolve();
}
