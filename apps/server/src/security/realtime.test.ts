// Issue 26 points 16 and 6 (server part) as attacks on the real app (buildApp, SQLite, database
// sessions) with real WebSockets: a foreign Origin, too many sockets for one session, and sockets
// that outlive their session (logout, password reset, device removed, signed out elsewhere).
import { afterEach, describe, expect, it } from 'vitest';
import { deleteSession, deleteSessionsOfEmail } from '../auth/index.js';
import { announceNewAppVersion, FOREIGN_ORIGIN_ERROR, MAX_SOCKETS_PER_SESSION, SESSION_ENDED_CLOSE, TOO_MANY_SOCKETS_CLOSE } from '../realtime/index.js';
import { freshSqlite } from '../testing/billingTestKit.js';
import { openSocket, postSync, startSecureSyncServer, syncBody, type ProbeSocket, type SecureSyncServer } from './syncKit.js';

/** The heartbeat of these tests: a socket of an ended session closes within one beat (two at most, as one lookup may be running). */
const PING_MS = 200;

let server: SecureSyncServer | undefined;
const opened: ProbeSocket[] = [];
async function start(env: Record<string, string> = {}): Promise<SecureSyncServer> {
  server = await startSecureSyncServer(freshSqlite, { env, realtime: { pingIntervalMs: PING_MS } });
  return server;
}
async function open(...args: Parameters<typeof openSocket>): Promise<ProbeSocket> {
  const socket = await openSocket(...args);
  opened.push(socket);
  return socket;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((socket) => socket.close()));
  await server?.close();
  server = undefined;
});

describe('point 16: the profile socket', () => {
  it('GET /ws/profile with Origin: https://evil.example -> 403; with the server\'s own origin or none (not a browser) -> 101', async () => {
    const running = await start();
    const pilot = await running.signIn('origin@example.com');
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example', 'http://192.168.1.66', `${running.origin}.evil.example`]) {
      await expect(open(running, pilot, 'phone', { origin })).rejects.toThrow(`upgrade refused: 403 ${JSON.stringify({ error: FOREIGN_ORIGIN_ERROR })}`);
    }
    // The server's own pages (the Host the browser used) and non-browser clients get in.
    await expect(open(running, pilot, 'phone', { origin: running.origin })).resolves.toBeDefined();
    await expect(open(running, pilot, 'tablet')).resolves.toBeDefined();
  });

  it('GET /ws/profile with PUBLIC_ORIGIN set: Origin other than PUBLIC_ORIGIN -> 403, PUBLIC_ORIGIN (behind a TLS proxy) -> 101', async () => {
    const running = await start({ PUBLIC_ORIGIN: 'https://clearway.example' });
    const pilot = await running.signIn('public-origin@example.com');
    await expect(open(running, pilot, 'phone', { origin: running.origin })).rejects.toThrow('upgrade refused: 403');
    await expect(open(running, pilot, 'phone', { origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    await expect(open(running, pilot, 'phone', { origin: 'https://clearway.example' })).resolves.toBeDefined();
  });

  it(`GET /ws/profile a ${MAX_SOCKETS_PER_SESSION + 1}th socket of one session -> 429; 30 at once leave at most ${MAX_SOCKETS_PER_SESSION} open; another session unaffected`, async () => {
    const running = await start();
    const pilot = await running.signIn('sockets@example.com');
    for (let i = 0; i < MAX_SOCKETS_PER_SESSION; i++) await open(running, pilot, `tab-${i}`);
    await expect(open(running, pilot, 'one-more')).rejects.toThrow(`upgrade refused: 429 ${JSON.stringify({ error: `Too many realtime sockets: one session may hold ${MAX_SOCKETS_PER_SESSION}` })}`);
    // Another session of the same pilot has places of its own.
    const laptop = await running.signIn('sockets@example.com');
    await expect(open(running, laptop, 'laptop')).resolves.toBeDefined();
    // Closing one frees a place.
    await opened.shift()?.close();
    await expect(open(running, pilot, 'again')).resolves.toBeDefined();

    // A burst: upgrades that race past the 429 are closed at once with TOO_MANY_SOCKETS_CLOSE.
    const burster = await running.signIn('burst-sockets@example.com');
    const attempts = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => open(running, burster, `b-${i}`)));
    const accepted = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(refused.every((attempt) => String((attempt as PromiseRejectedResult).reason).includes('upgrade refused: 429'))).toBe(true);
    // A ping round trip on each: the server's close of a raced socket comes before its pong (one ordered stream).
    await Promise.all(
      accepted.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.socket.readyState !== socket.socket.OPEN) return resolve();
            socket.socket.once('pong', () => resolve());
            socket.socket.once('close', () => resolve());
            socket.socket.ping();
          }),
      ),
    );
    const stillOpen = accepted.filter((socket) => socket.socket.readyState === socket.socket.OPEN);
    const closedRaced = await Promise.all(accepted.filter((socket) => socket.socket.readyState !== socket.socket.OPEN).map((socket) => socket.closed));
    console.info(`30 upgrades at once for one session: ${stillOpen.length} open, ${closedRaced.length} closed after the upgrade, ${refused.length} refused with 429`);
    expect(stillOpen).toHaveLength(MAX_SOCKETS_PER_SESSION);
    expect(closedRaced.every((close) => close.code === TOO_MANY_SOCKETS_CLOSE)).toBe(true);
  });

  it('logout (the session deleted, as POST /auth/logout does) -> the socket closes with 4401 at the next ping and hears nothing more; the pilot\'s other session keeps its socket', async () => {
    const running = await start();
    const phone = await running.signIn('logout@example.com');
    const tablet = await running.signIn('logout@example.com');
    const phoneSocket = await open(running, phone, 'phone');
    const tabletSocket = await open(running, tablet, 'tablet');
    await deleteSession(running.db, phone.token);
    expect(await phoneSocket.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: 'Session ended' });
    await announceNewAppVersion(running.hub, 'prod', '9.9.9');
    await new Promise((resolve) => setTimeout(resolve, 2 * PING_MS));
    expect(phoneSocket.messages).toEqual([]);
    expect(tabletSocket.socket.readyState).toBe(tabletSocket.socket.OPEN);
    expect(tabletSocket.messages).toEqual([{ type: 'new_app_version', env: 'prod', version: '9.9.9' }]);
    // The ended session cannot open a new one either.
    await expect(open(running, phone, 'phone')).rejects.toThrow('upgrade refused: 401');
  });

  it('password reset (every session of the account ended) -> all its sockets close with 4401 at the next ping; another pilot\'s stays', async () => {
    const running = await start();
    const a = await running.signIn('reset@example.com');
    const b = await running.signIn('reset@example.com');
    const other = await running.signIn('bystander@example.com');
    const sockets = [await open(running, a, 'phone'), await open(running, a, 'phone-2'), await open(running, b, 'tablet')];
    const bystander = await open(running, other, 'laptop');
    expect(await deleteSessionsOfEmail(running.db, 'reset@example.com')).toBe(2);
    for (const socket of sockets) expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
    await new Promise((resolve) => setTimeout(resolve, 2 * PING_MS));
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
  });
});

describe('point 6 (server): devices and their sessions', () => {
  it('DELETE /api/devices/:uuid -> 204; the removed device\'s session ends (its sync 401) and its socket closes with 4401 at once; the caller stays signed in', async () => {
    // A long ping interval: the close must come from the removal itself, not from the heartbeat.
    server = await startSecureSyncServer(freshSqlite, { realtime: { pingIntervalMs: 3_600_000 } });
    const running = server;
    const laptop = await running.signIn('remove@example.com');
    const stolen = await running.signIn('remove@example.com');
    expect((await postSync(running, laptop.cookie, syncBody(laptop, 'laptop', []))).status).toBe(200);
    expect((await postSync(running, stolen.cookie, syncBody(stolen, 'stolen-tablet', []))).status).toBe(200);
    const stolenSocket = await open(running, stolen, 'stolen-tablet');
    const laptopSocket = await open(running, laptop, 'laptop');

    const removed = await running.app.inject({ method: 'DELETE', url: '/api/devices/stolen-tablet', headers: { cookie: laptop.cookie } });
    expect(removed.statusCode).toBe(204);
    expect(await stolenSocket.closed).toEqual({ code: SESSION_ENDED_CLOSE, reason: 'Session ended' });
    expect((await postSync(running, stolen.cookie, syncBody(stolen, 'stolen-tablet', []))).status).toBe(401);
    expect(laptopSocket.socket.readyState).toBe(laptopSocket.socket.OPEN);
    expect((await postSync(running, laptop.cookie, syncBody(laptop, 'laptop', []))).status).toBe(200);

    // Removing the device in hand keeps its own session (the page the pilot is using).
    expect((await running.app.inject({ method: 'DELETE', url: '/api/devices/laptop', headers: { cookie: laptop.cookie } })).statusCode).toBe(204);
    expect((await postSync(running, laptop.cookie, syncBody(laptop, 'laptop', []))).status).toBe(200);
  });

  it('GET /api/devices lists signed_in and other_sessions; POST /api/devices/sign_out_others -> 200, every other session 401 and its socket closed, the caller 200', async () => {
    server = await startSecureSyncServer(freshSqlite, { realtime: { pingIntervalMs: 3_600_000 } });
    const running = server;
    const me = await running.signIn('others@example.com');
    const others = [await running.signIn('others@example.com'), await running.signIn('others@example.com'), await running.signIn('others@example.com')];
    const stranger = await running.signIn('stranger@example.com');
    expect((await postSync(running, me.cookie, syncBody(me, 'mine', []))).status).toBe(200);
    for (const [i, other] of others.entries()) expect((await postSync(running, other.cookie, syncBody(other, `other-${i}`, []))).status).toBe(200);
    const otherSockets = await Promise.all(others.map((other, i) => open(running, other, `other-${i}`)));
    const mySocket = await open(running, me, 'mine');
    const strangerSocket = await open(running, stranger, 'stranger');

    const before = (await running.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: me.cookie } })).json<{
      devices: Array<{ uuid: string; signed_in: boolean; this_session: boolean }>;
      other_sessions: number;
    }>();
    expect(before.other_sessions).toBe(3);
    expect(before.devices.find((device) => device.uuid === 'mine')).toMatchObject({ signed_in: true, this_session: true });

    const signedOut = await running.app.inject({ method: 'POST', url: '/api/devices/sign_out_others', headers: { cookie: me.cookie } });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ signed_out: 3 });
    for (const socket of otherSockets) expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
    for (const [i, other] of others.entries()) expect((await postSync(running, other.cookie, syncBody(other, `other-${i}`, []))).status).toBe(401);
    expect((await postSync(running, me.cookie, syncBody(me, 'mine', []))).status).toBe(200);
    expect(mySocket.socket.readyState).toBe(mySocket.socket.OPEN);
    expect(strangerSocket.socket.readyState).toBe(strangerSocket.socket.OPEN);

    const after = (await running.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: me.cookie } })).json<{
      devices: Array<{ uuid: string; signed_in: boolean }>;
      other_sessions: number;
    }>();
    expect(after.other_sessions).toBe(0);
    expect(after.devices.filter((device) => device.signed_in).map((device) => device.uuid)).toEqual(['mine']);
    // The stranger's session is not the caller's to end.
    expect((await postSync(running, stranger.cookie, syncBody(stranger, 'stranger', []))).status).toBe(200);
    expect((await running.app.inject({ method: 'POST', url: '/api/devices/sign_out_others' })).statusCode).toBe(401);
  });
});
