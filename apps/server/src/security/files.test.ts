// Issue 26 point 9: the SQLite file, its -wal and -shm (the identity provider's keys, sessions, every
// account) are readable by their owner only.
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession, findOrCreateCustomer } from '../auth/index.js';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { makeTempDir, removeTempDir, startTestApp } from '../testing/testApp.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('point 9: database file modes', () => {
  it('a server started on a new SQLITE_PATH, after a sign-in and the provider\'s keys: file, -wal and -shm 0600, folder 0700 (others read nothing)', async () => {
    const running = await startTestApp();
    try {
      const customer = await findOrCreateCustomer(running.db, { email: 'pilot@example.com', fullName: '' });
      await createSession(running.db, customer.custId, 3600_000);
      // The built-in provider stores its signing key, cookie key and client secret on first use.
      expect((await running.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(200);
      const file = join(running.dir, 'var', 'test.db');
      expect(modeOf(file).toString(8)).toBe('600');
      expect(modeOf(`${file}-wal`).toString(8)).toBe('600');
      expect(modeOf(`${file}-shm`).toString(8)).toBe('600');
      expect(modeOf(join(running.dir, 'var')).toString(8)).toBe('700');
    } finally {
      await running.close();
    }
  });

  it('an older install\'s world-readable (0644) file, -wal and -shm are narrowed to 0600 when opened', async () => {
    const dir = await makeTempDir();
    const file = join(dir, 'old.db');
    try {
      const first = openDatabase({ dialect: 'sqlite', path: file });
      await migrateToLatest(first);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
      // Opened again while the first handle keeps the -wal and -shm in place.
      const second = openDatabase({ dialect: 'sqlite', path: file });
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path).toString(8), path).toBe('600');
      await second.close();
      await first.close();
    } finally {
      await removeTempDir(dir);
    }
  });
});
