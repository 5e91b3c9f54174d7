import type * as fs from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeNavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { makeTempDir, removeTempDir } from '../testing/testApp.js';
import { ArtifactStore } from './artifactStore.js';
import { OverviewStore } from './overview.js';

// Every way the server opens a file, counted per path (the real functions still run).
const opened: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const open: typeof real.open = (path, ...rest) => {
    opened.push(String(path));
    return real.open(path, ...rest);
  };
  const readFile: typeof real.readFile = ((path: Parameters<typeof real.readFile>[0], ...rest: unknown[]) => {
    opened.push(String(path));
    return (real.readFile as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof real.readFile;
  return { ...real, open, readFile, default: { ...real, open, readFile } };
});
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const createReadStream: typeof real.createReadStream = (path, options) => {
    opened.push(String(path));
    return real.createReadStream(path, options);
  };
  return { ...real, createReadStream, default: { ...real, createReadStream } };
});

describe('one read of an artifact', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir('clearway-single-read-');
    await mkdir(join(dir, 'current'));
    await writeFile(join(dir, 'current/us.cwnav'), encodeNavDb(sampleNavDataSet()));
  });
  afterAll(() => removeTempDir(dir));

  it('gives its hash, header and map overview: the overview does not read the file again', async () => {
    const path = join(dir, 'current/us.cwnav');
    opened.length = 0;
    const store = new ArtifactStore(dir);
    const info = await store.artifact('current', 'us');
    expect(info?.header?.region).toBe('us');
    if (!info) throw new Error('no artifact');
    const outcome = await new OverviewStore().overview(info);
    expect(outcome.kind).toBe('built');
    // Asked again (the same version): answered from memory.
    expect(await store.artifact('current', 'us')).toEqual(info);
    expect(opened.filter((file) => file === path)).toEqual([path]);
  });
});
