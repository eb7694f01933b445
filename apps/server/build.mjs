// Bundles the server into dist/main.js and the operator command line into dist/admin.js.
// @memoria/domain (TypeScript source) is bundled; the server loads every other dependency
// from node_modules at run time. `node build.mjs --outdir <dir>` writes elsewhere (the
// command line's tests build a private copy).
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

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: values.outdir ? 'warning' : 'info',
  // CommonJS dependencies bundled into ESM call require(); give them one.
  banner: {
    js: "import { createRequire as __memoriaCreateRequire } from 'node:module'; const require = __memoriaCreateRequire(import.meta.url);",
  },
};

// Code loaded on demand (the S3 storage, with the AWS SDK it imports) goes into chunks of its
// own: in one file, the SDK's imports would be hoisted to the top and loaded at every start.
const serverDir = path.join(outdir, 'server');
if (existsSync(serverDir)) rmSync(serverDir, { recursive: true });
await build({
  ...common,
  entryPoints: { main: path.join(here, 'src/main.ts') },
  outdir,
  splitting: true,
  chunkNames: 'server/chunk-[hash]',
  external,
});

// The command line starts a process per command, so it starts fast: the pure-JavaScript
// libraries it needs at once are bundled in (one file parses faster than hundreds of
// modules), and code only some commands need sits in chunks loaded on demand.
const bundledIntoAdmin = ['kysely', 'zod', 'commander', 'jose'];
const adminDir = path.join(outdir, 'admin');
if (existsSync(adminDir)) rmSync(adminDir, { recursive: true });
await build({
  ...common,
  entryPoints: { admin: path.join(here, 'src/cli/main.ts') },
  outdir,
  splitting: true,
  chunkNames: 'admin/chunk-[hash]',
  external: external.filter((name) => !bundledIntoAdmin.includes(name)),
});
// The `memoria-admin` bin.
chmodSync(path.join(outdir, 'admin.js'), 0o755);

// Chunks of earlier builds that split both entries.
for (const file of existsSync(outdir) ? readdirSync(outdir) : []) {
  if (/^chunk-[\w-]+\.js(\.map)?$/.test(file)) rmSync(path.join(outdir, file));
}
