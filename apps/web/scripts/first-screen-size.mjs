// The first-screen JavaScript as a browser really downloads it: runs bench/first-screen.mjs,
// which starts the built server and loads /auth and a signed-in / in Chromium, summing the
// transferred (gzip, then brotli) bytes of every script. A sum over the Vite manifest's static
// imports misses the lazy chunks each screen needs at once, so it is not used any more.
// Usage: npm run build (web and server), then npm run size -w @memoria/web [-- --json]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const server = `${root}apps/server/dist/main.js`;
const web = `${root}apps/web/dist/index.html`;
if (!existsSync(server) || !existsSync(web)) {
  console.error('Build first: npm run build (from the repository root).');
  process.exit(1);
}
const child = spawn(process.execPath, [`${root}bench/first-screen.mjs`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
