import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlanFileError, readPlan, writeFms } from '@clearway/planfiles';
import { SIM_FMS_FOLDER_MAX_BYTES, SIM_FMS_FOLDER_PATH, simFmsFolderRequestSchema, type SimFmsFolderResult, type SimFmsFolderStatus } from '@clearway/protocol';
import { requireSession, sessionUserOf, type SessionResolver } from '../../auth/index.js';
import { addressLimited, type OriginPolicy } from '../../http/index.js';
import { originAllowed } from '../../realtime/index.js';

/** Per address and per session: sends a minute (a pilot sends a plan now and then). */
export const FMS_FOLDER_PER_MINUTE = 30;

/** Writes an `.fms` text into X-Plane's FMS plans folder (made when missing). */
export async function writeIntoFmsDir(fmsDir: string, name: string, text: string): Promise<void> {
  await mkdir(fmsDir, { recursive: true });
  await writeFile(join(fmsDir, name), text);
}

/**
 * The route screen's "Send to X-Plane folder" (issue 24). Who: a signed-in session, from pages of
 * this server (Origin) for the POST. How often: FMS_FOLDER_PER_MINUTE per address and per session.
 * How big: SIM_FMS_FOLDER_MAX_BYTES of `.fms` text. The text is read with @clearway/planfiles and
 * written again by its writer (the one `.fms` writer), so only a well-formed X-Plane plan lands in
 * XPLANE_FMS_DIR, under a checked file name.
 */
export function registerFmsFolder(app: FastifyInstance, options: { fmsDir: string | null; sessions: SessionResolver; origins: OriginPolicy; now: () => number }): void {
  const perSession = new Map<string, { windowStart: number; count: number }>();
  const sessionLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = sessionUserOf(request).sessionId;
    const now = options.now();
    const entry = perSession.get(id);
    if (!entry || now - entry.windowStart >= 60_000) {
      if (perSession.size > 10_000) perSession.clear();
      perSession.set(id, { windowStart: now, count: 1 });
      return undefined;
    }
    entry.count++;
    if (entry.count <= FMS_FOLDER_PER_MINUTE) return undefined;
    return reply.code(429).header('retry-after', String(Math.ceil((entry.windowStart + 60_000 - now) / 1000))).send({ ok: false, message: `Too many flight plans sent: at most ${FMS_FOLDER_PER_MINUTE} a minute per session` });
  };
  const signedIn = requireSession(options.sessions, 'Sign in to send a flight plan to X-Plane');

  app.get(SIM_FMS_FOLDER_PATH, { ...addressLimited({ perMinute: FMS_FOLDER_PER_MINUTE * 4 }), preValidation: [signedIn] }, async () => {
    const status: SimFmsFolderStatus = { configured: options.fmsDir !== null };
    return status;
  });

  app.post(
    SIM_FMS_FOLDER_PATH,
    {
      ...addressLimited({ perMinute: FMS_FOLDER_PER_MINUTE }),
      // JSON quoting can at most double the text; a little room for the name.
      bodyLimit: SIM_FMS_FOLDER_MAX_BYTES * 2 + 1024,
      preValidation: [
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (originAllowed(request, options.origins)) return undefined;
          return reply.code(403).send({ ok: false, message: 'Origin not allowed: flight plans are sent only from pages of this server' });
        },
        signedIn,
        sessionLimited,
      ],
    },
    async (request, reply) => {
      const reply400 = (message: string) => reply.code(400).send({ ok: false, message } satisfies SimFmsFolderResult);
      const body = simFmsFolderRequestSchema.safeParse(request.body);
      if (!body.success) return reply400(`Not a flight plan to send: ${body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
      if (options.fmsDir === null) return reply.code(409).send({ ok: false, message: 'XPLANE_FMS_DIR is not set on the server, so plans cannot be written into X-Plane; download the .fms instead' } satisfies SimFmsFolderResult);
      let text: string;
      try {
        const { format, plan } = readPlan(body.data.fms);
        if (format !== 'xplane-fms') return reply400(`Not an X-Plane .fms plan (it reads as ${format})`);
        text = writeFms(plan);
      } catch (error) {
        if (error instanceof PlanFileError) return reply400(error.message);
        throw error;
      }
      const file = `${body.data.name}.fms`;
      try {
        await writeIntoFmsDir(options.fmsDir, file, text);
      } catch (error) {
        request.log.warn({ err: error, fmsDir: options.fmsDir }, `xplane: a flight plan could not be written into ${options.fmsDir}`);
        return reply.code(500).send({ ok: false, message: `The flight plan could not be written into X-Plane's folder: ${(error as Error).message}; download it instead` } satisfies SimFmsFolderResult);
      }
      return { ok: true, message: `Flight plan written to X-Plane's FMS plans as ${file}`, file } satisfies SimFmsFolderResult;
    },
  );
}
