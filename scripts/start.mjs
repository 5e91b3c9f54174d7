// `npm start`: install what is missing (the build tools too, whatever NODE_ENV says), build, and serve
// the app and its API on PORT (8080). The server runs with the caller's NODE_ENV.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, checkNode, ensureDependencies, repoRoot } from './lib/ensure.mjs';
import { ensureNavData } from './lib/navdata.mjs';

const startedAt = performance.now();
checkNode();
ensureDependencies();
build();
await ensureNavData();
console.log(`Ready to serve after ${((performance.now() - startedAt) / 1000).toFixed(1)} s of set-up.`);

const server = spawn(process.execPath, [join(repoRoot, 'apps', 'server', 'dist', 'main.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { HOST: '0.0.0.0', ...process.env },
});
// The server shuts down gracefully on SIGTERM/SIGINT; pass them on and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
