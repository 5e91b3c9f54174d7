import { z } from 'zod';
import { ENVIRONMENT_ALIASES, ENVIRONMENTS } from './environments.js';

// Apart from environments.ts so that code which only names environments does not bring zod along.

/** An environment name from configuration, aliases (hybrid, test) resolved. */
export const environmentSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (ENVIRONMENT_ALIASES[value] ?? value) : value),
  z.enum(ENVIRONMENTS),
);
