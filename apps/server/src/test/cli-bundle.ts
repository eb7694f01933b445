import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * Vitest globalSetup of the server projects: builds the server and the command line once per
 * run for every command-line test file (each used to build its own, a few seconds apiece).
 * The build starts here and is not awaited, so a run without command-line tests does not
 * wait for it; cli-harness.ts waits for the READY (or FAILED) file instead.
 *
 * The bundle sits in the repository's layout (`<root>/apps/server/dist`) under
 * apps/server/node_modules, so its dependencies resolve as from apps/server/dist and the
 * start-script test can put scripts/start.mjs beside it.
 */
export interface CliBundleLocation {
  root: string;
  dist: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cliBundle: CliBundleLocation;
  }
}

export const BUNDLE_READY = 'READY';
export const BUNDLE_FAILED = 'FAILED';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(project: TestProject): () => Promise<void> {
  const root = path.join(
    serverDir,
    'node_modules/.cache/memoria-cli-test',
    `${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const dist = path.join(root, 'apps/server/dist');
  const built = run(process.execPath, [path.join(serverDir, 'build.mjs'), '--outdir', dist]).then(
    () => fs.writeFileSync(path.join(dist, BUNDLE_READY), ''),
    (error: unknown) => {
      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, BUNDLE_FAILED), String(error));
    },
  );
  project.provide('cliBundle', { root, dist });
  return async () => {
    await built;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
