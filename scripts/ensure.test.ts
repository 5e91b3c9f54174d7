// `npm start`'s install step (scripts/lib/ensure.mjs): what it installs and when it installs again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, installReason } from './lib/ensure.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throw-away folder holding `files` (path -> content). */
function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'clearway-ensure-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The environment of an operator who exports NODE_ENV=production, without npm's own overrides from this test run. */
function productionEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const name of Object.keys(env)) {
    if (/^npm_config_(omit|include|production|only|dev)$/i.test(name)) delete env[name];
  }
  return env;
}

describe('the install command of npm start', () => {
  it('installs the devDependencies (the build tools) even with NODE_ENV=production', () => {
    // A project whose only dependency is a devDependency in a local folder: npm links it, no registry.
    const dir = fixture({
      'tool/package.json': JSON.stringify({ name: 'tool', version: '1.0.0' }),
      'package.json': JSON.stringify({ name: 'fixture', version: '1.0.0', private: true, devDependencies: { tool: 'file:tool' } }),
      'package-lock.json': JSON.stringify({
        name: 'fixture',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: {
          '': { name: 'fixture', version: '1.0.0', devDependencies: { tool: 'file:tool' } },
          'node_modules/tool': { resolved: 'tool', link: true },
          tool: { version: '1.0.0', dev: true },
        },
      }),
    });
    const [command, args] = INSTALL_COMMAND;
    const result = spawnSync(command, [...args], { cwd: dir, env: productionEnv(), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(dir, 'node_modules', 'tool', 'package.json'))).toBe(true);
  });
});

describe('installReason', () => {
  /** A node_modules as a complete install leaves it: marker newer than the lock, better-sqlite3 compiled, build tools linked. */
  const complete: Record<string, string> = {
    'package-lock.json': '{}',
    'node_modules/.package-lock.json': '{}',
    'node_modules/better-sqlite3/build/Release/better_sqlite3.node': '',
    'node_modules/.bin/tsc': '',
    'node_modules/.bin/vite': '',
  };

  /** Makes the lock file older than the install marker, as after `npm ci`. */
  function installedAfterLock(dir: string): string {
    utimesSync(join(dir, 'package-lock.json'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    return dir;
  }

  it('installs nothing when the install is complete', () => {
    expect(installReason(installedAfterLock(fixture(complete)))).toBeUndefined();
  });

  it('installs again when an earlier install left out the devDependencies (NODE_ENV=production npm ci)', () => {
    const { 'node_modules/.bin/tsc': _tsc, 'node_modules/.bin/vite': _vite, ...pruned } = complete;
    expect(installReason(installedAfterLock(fixture(pruned)))).toBe(
      'the build tools (tsc, vite) are missing: an earlier install left out the devDependencies',
    );
  });

  it('installs when node_modules is missing, the lock file changed or better-sqlite3 is not compiled', () => {
    expect(installReason(fixture({ 'package-lock.json': '{}' }))).toBe('node_modules is missing');
    const dir = fixture(complete);
    utimesSync(join(dir, 'node_modules', '.package-lock.json'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(installReason(dir)).toBe('package-lock.json changed since the last install');
    const { 'node_modules/better-sqlite3/build/Release/better_sqlite3.node': _binary, ...uncompiled } = complete;
    expect(installReason(installedAfterLock(fixture(uncompiled)))).toBe('better-sqlite3 is not compiled');
  });
});
