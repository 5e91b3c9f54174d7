import { z } from 'zod';
import { DATA_CHANNELS, ENVIRONMENTS } from './environments.js';
import { endpointMapSchema } from './endpointSchemas.js';

/** Path on the server that answers the web app's start-up configuration request. */
export const CLIENT_CONFIG_PATH = '/api/config';

/** What the server tells the web app at start: who it is talking to and where everything lives. */
export const clientConfigSchema = z.object({
  env: z.enum(ENVIRONMENTS),
  /** The server's build version; the app compares it with its own to offer a restart. */
  version: z.string().min(1),
  dataChannel: z.enum(DATA_CHANNELS),
  remoteLogging: z.boolean(),
  endpoints: endpointMapSchema,
  /**
   * Whether the app waits for a signed-in user at start and sends signed-out visitors to the hosted
   * login (spec part 1 §4 "Start-up", §6). Absent means true; an operator turns it off for an open
   * kiosk (REQUIRE_SIGN_IN=false).
   */
  requireSignIn: z.boolean().optional(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
