// Bundles the server into dist/main.js and the operator command line into dist/admin.js.
// @memoria/domain (TypeScript source) is bundled; every other dependency stays external and
// is loaded from node_modules at run time. `node build.mjs --outdir <dir>` writes elsewhere
// (the command line's tests build a private copy).
import { build } from 'esbuild';
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@memoria/domain',
);
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(here, 'dist'));

// Shared code is split into chunks (loaded on demand by the command line, so a command
// starts without the libraries only other commands need); drop the previous build's.
if (existsSync(outdir)) {
  for (const file of readdirSync(outdir)) {
    if (/^chunk-[\w-]+\.js(\.map)?$/.test(file)) rmSync(path.join(outdir, file));
  }
}

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    admin: path.join(here, 'src/cli/main.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: values.outdir ? 'warning' : 'info',
  // CommonJS dependencies bundled into ESM call require(); give them one.
  banner: {
    js: "import { createRequire as __memoriaCreateRequire } from 'node:module'; const require = __memoriaCreateRequire(import.meta.url);",
  },
});
// The `memoria-admin` bin.
chmodSync(path.join(outdir, 'admin.js'), 0o755);
