// Installs Lighthouse for `npm run bench:lighthouse` into var/tools/lighthouse on first use.
// Lighthouse (185 MB with its dependencies) is a tool of this one benchmark, not of the app or of
// `npm test`, so it is kept out of the workspace's devDependencies and CI's install. Version pinned:
// 12.x is the last line that runs on Node 20 (13 needs Node 22.19).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LIGHTHOUSE_VERSION = '12.8.2';
const dir = fileURLToPath(new URL('../../var/tools/lighthouse', import.meta.url));
const installed = join(dir, 'node_modules/lighthouse/package.json');

const version = existsSync(installed) ? JSON.parse(readFileSync(installed, 'utf8')).version : undefined;
if (version === LIGHTHOUSE_VERSION) {
  console.log(`lighthouse ${version} in ${dir}`);
} else {
  console.log(`installing lighthouse ${LIGHTHOUSE_VERSION} into ${dir} (found ${version ?? 'none'})`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ private: true, dependencies: { lighthouse: LIGHTHOUSE_VERSION } }, null, 2)}\n`);
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--silent'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm install of lighthouse@${LIGHTHOUSE_VERSION} failed (exit ${result.status}).`);
    process.exit(1);
  }
}
