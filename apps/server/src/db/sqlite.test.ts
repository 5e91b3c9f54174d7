import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseContract } from '../testing/databaseContract.js';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { openDatabase } from './connect.js';
import { checkDatabase } from './health.js';

describe('SQLite database', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  databaseContract(async () => {
    const db = openDatabase({ dialect: 'sqlite', path: join(dir, `db-${Math.random().toString(36).slice(2)}.sqlite`) });
    return { db, dispose: () => db.close() };
  });

  it('creates missing folders, and turns on WAL and foreign keys', async () => {
    const path = join(dir, 'var', 'nested', 'clearway.db');
    const db = openDatabase({ dialect: 'sqlite', path });
    try {
      expect(existsSync(path)).toBe(true);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely);
      expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
      expect(db.dialect).toBe('sqlite');
      expect(db.target).toBe(`sqlite:${path}`);
    } finally {
      await db.close();
    }
  });

  it('reports a closed database as an error instead of throwing', async () => {
    const db = openDatabase({ dialect: 'sqlite', path: ':memory:' });
    await db.close();
    const check = await checkDatabase(db);
    expect(check.status).toBe('error');
    expect(check.dialect).toBe('sqlite');
    expect(check.error).toMatch(/not open|destroyed/);
  });
});
