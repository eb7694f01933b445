// Bundles the server into dist/main.js. @memoria/domain (TypeScript source) is bundled;
// every other dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@memoria/domain',
);

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
  // CommonJS dependencies bundled into ESM call require(); give them one.
  banner: {
    js: "import { createRequire as __memoriaCreateRequire } from 'node:module'; const require = __memoriaCreateRequire(import.meta.url);",
  },
});
