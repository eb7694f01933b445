#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the server (which migrates the
// database and serves the API and the built web app on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

const domainSources = newestMtime(join(root, 'packages/domain/src'));
const targets = [
  {
    workspace: '@memoria/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: Math.max(
      domainSources,
      newestMtime(join(root, 'apps/web/src')),
      mtime(join(root, 'apps/web/index.html')),
    ),
  },
  {
    workspace: '@memoria/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: Math.max(domainSources, newestMtime(join(root, 'apps/server/src'))),
  },
];

for (const target of targets) {
  const built = mtime(target.output);
  if (built === 0 || built < target.sources) {
    console.log(`[start] building ${target.workspace}${built ? ' (sources changed)' : ''}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The server goes down with this process, however this one ends: the signals that can be
// caught are passed on, and the IPC channel lets the server notice when this process is gone
// without a word (SIGKILL, a crash): the channel closes and the server shuts down itself.
const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
