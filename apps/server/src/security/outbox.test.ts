// Issue 26 point 8 (outbox half), as an attacker with read access to the database would try it: a
// mail the server has sent must not leave a usable sign-in link in `auth_outbox`.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, outboxFor, SENT_LINK_PLACEHOLDER } from '../auth/index.js';
import { ATTACK_TIMEOUT, Browser, confirm, freePort, HOOK_TIMEOUT, register, startTarget, type Target } from './signInKit.js';

/** A minimal SMTP server on 127.0.0.1 that accepts every mail and keeps its DATA. */
async function startSmtpSink(): Promise<{ url: string; messages: string[]; close: () => Promise<void> }> {
  const port = await freePort();
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('auth_outbox after sending on SQLite', { timeout: ATTACK_TIMEOUT }, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let target: Target;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    target = await startTarget({ SMTP_URL: smtp.url });
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await target.close();
    await smtp.close();
  }, HOOK_TIMEOUT);

  it('POST /oidc/register with SMTP: 201, the mail is sent, and auth_outbox keeps no usable token (the mailed link still confirms)', async () => {
    const browser = new Browser(target.origin);
    expect((await register(browser, 'mailed@example.com')).status).toBe(201);
    const [stored] = await outboxFor(target.db, 'mailed@example.com');
    expect(stored?.sent).toBe(true);
    expect(stored?.text).toContain(SENT_LINK_PLACEHOLDER);
    expect(stored?.text).not.toMatch(/token=/);
    // The mail that went out carries the link (quoted-printable may fold it: join soft line breaks).
    const sent = (smtp.messages.find((message) => message.includes('mailed@example.com')) ?? '').replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const link = /(http:\/\/\S+\/oidc\/verify\?token=[\w-]+)/.exec(sent)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    // Neither the token nor anything it could be rebuilt from is in the row; the token table has only its hash.
    const rows = await target.db.kysely.selectFrom('auth_outbox').selectAll().where('to_address', '=', 'mailed@example.com').execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await target.db.kysely.selectFrom('auth_email_tokens').select('token_hash').where('token_hash', '=', hashToken(token)).execute()).toHaveLength(1);
    const url = new URL(link ?? '');
    expect((await confirm(browser, url.pathname + url.search)).status).toBe(200);
  });
});
