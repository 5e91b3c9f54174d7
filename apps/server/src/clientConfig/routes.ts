import type { FastifyInstance } from 'fastify';
import { CLIENT_CONFIG_PATH, clientConfigSchema, remoteLoggingEnabled, type ClientConfig } from '@clearway/protocol';
import type { Config } from '../config/index.js';

/**
 * The configuration the web app fetches at start. Parsed with the wire schema here, so a server
 * that would send the app something it cannot read fails at start instead.
 */
export function clientConfigFor(config: Config): ClientConfig {
  return clientConfigSchema.parse({
    env: config.env,
    version: config.version,
    dataChannel: config.dataChannel,
    remoteLogging: remoteLoggingEnabled(config.env),
    endpoints: config.endpoints,
    requireSignIn: config.requireSignIn,
  });
}

/** `GET /api/config`: the ClientConfig, never cached so a redeploy's endpoints are seen at once. */
export async function clientConfigRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const body = clientConfigFor(options.config);
  app.get(CLIENT_CONFIG_PATH, async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
