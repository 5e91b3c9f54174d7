import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describeIssues, logEntrySchema, logIndexPath, type PayloadIssue } from '@clearway/protocol';
import type { Database } from '../db/index.js';
import { installBodyErrors } from '../http/index.js';
import { insertClientLog } from './clientLogStore.js';

/** Largest accepted log entry body, bytes (the schema's own field limits add up to about 25 KiB). */
export const LOG_BODY_LIMIT_BYTES = 64 * 1024;

const daySchema = z.iso.date({ error: 'must be a UTC date YYYY-MM-DD' });

function invalid(issues: PayloadIssue[]) {
  return { error: 'Invalid log entry', issues };
}

/**
 * The client log sink of spec part 1 §7: `POST /elk/pwa_logs_{YYYY-MM-DD}/_doc/`, shaped like the
 * Elasticsearch index call the web app was written against. Valid entries are stored in client_logs.
 */
export async function logRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  // Parse and size errors of this route's body are the sender's fault: answer in the route's shape
  // (an unsupported content type keeps the app's 415, which names the type).
  installBodyErrors(app, { limitBytes: LOG_BODY_LIMIT_BYTES, tooLarge: 'Log entry too large', invalid: 'Invalid log entry', mediaTypeInPluginShape: false });

  app.post<{ Params: { day: string } }>(
    logIndexPath(':day'),
    { bodyLimit: LOG_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const day = daySchema.safeParse(request.params.day);
      if (!day.success) {
        return reply.code(400).send({ error: 'Invalid log index', issues: [{ path: 'day', message: day.error.issues[0]?.message ?? 'invalid' }] });
      }
      let body: unknown = request.body;
      // navigator.sendBeacon and no-cors fetches can only send text/plain; the text is still JSON.
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          return reply.code(400).send(invalid([{ path: '(root)', message: 'Body is not valid JSON' }]));
        }
      }
      const entry = logEntrySchema.safeParse(body);
      if (!entry.success) return reply.code(400).send(invalid(describeIssues(entry.error)));
      const id = await insertClientLog(options.db, day.data, entry.data);
      return reply.code(201).send({ result: 'created', id });
    },
  );
}
