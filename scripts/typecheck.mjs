#!/usr/bin/env node
// `npm run typecheck [-- project…]`: type-checks the TypeScript projects (all four when none is
// named) with TypeScript 7, the native compiler, installed as `typescript-native`. It checks the
// same tsconfig files as `tsc` 6 in a third of the CPU time (docs/TESTING.md, "Type checks on
// TypeScript 7"). `typescript` 6 stays installed because typescript-eslint and editors need its
// JavaScript API, which TypeScript 7 does not have; both packages name their binary `tsc`, so
// this calls the native one by its path.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiler = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const projects = process.argv.slice(2);
const all = ['packages/domain', 'apps/server', 'apps/web', 'e2e'];

let status = 0;
for (const project of projects.length > 0 ? projects : all) {
  const run = spawnSync(process.execPath, [compiler, '-p', join(root, project), '--noEmit'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`tsc: ${project} has type errors`);
    status = run.status ?? 1;
  }
}
process.exit(status);
