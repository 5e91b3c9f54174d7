
/**
 * The deployment environments of spec part 1 §7. `dev` is the spec's "hybrid/dev" and `qa` its
 * "test/qa"; the aliases are accepted wherever an environment name is read.
 */
export const ENVIRONMENTS = ['prod', 'beta', 'dev', 'qa', 'localhost', 'lite', 'stratux'] as const;
export type ClearwayEnv = (typeof ENVIRONMENTS)[number];

/** Other spellings of an environment name that configuration accepts. */
export const ENVIRONMENT_ALIASES: Readonly<Record<string, ClearwayEnv>> = {
  hybrid: 'dev',
  test: 'qa',
};

/** Release channels of the nav data and chart downloads (spec part 1 §9, part 2 §9). */
export const DATA_CHANNELS = ['current', 'next', 'dev'] as const;
export type DataChannel = (typeof DATA_CHANNELS)[number];

/** Default data cycle per environment: current in prod, next in beta, dev elsewhere (spec part 1 §9). */
export function defaultDataChannel(env: ClearwayEnv): DataChannel {
  if (env === 'prod' || env === 'lite' || env === 'stratux') return 'current';
  if (env === 'beta') return 'next';
  return 'dev';
}

/** Remote log forwarding happens in the test and beta environments only (spec part 1 §7). */
export function remoteLoggingEnabled(env: ClearwayEnv): boolean {
  return env === 'qa' || env === 'beta';
}
