#!/usr/bin/env node
// `npm run admin -- <command>`: the operator command line (apps/server/dist/admin.js), built
// first when it is missing or older than the sources. Build output goes to stderr, so a
// command's --json answer on stdout stays clean (use `npm run -s admin` to drop npm's banner).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'apps/server/dist/admin.js');

/** Newest modification time of any file below `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
const sources = Math.max(
  newestMtime(join(root, 'packages/domain/src')),
  newestMtime(join(root, 'apps/server/src')),
  statSync(join(root, 'apps/server/build.mjs')).mtimeMs,
);
if (built === 0 || built < sources) {
  process.stderr.write(`[admin] building the server bundle${built ? ' (sources changed)' : ''}…\n`);
  const result = spawnSync(process.execPath, [join(root, 'apps/server/build.mjs')], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', bundle, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
