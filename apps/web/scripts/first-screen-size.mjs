/* eslint-disable no-console -- a command-line report */
// Sums the gzipped size of the JavaScript the first screen needs: the entry chunk and every
// chunk it imports statically (from the Vite manifest). Usage: node scripts/first-screen-size.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = process.env.DIST_DIR ?? new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const extra = process.argv.slice(2);

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) collect(dep, seen);
}

const seen = new Set();
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry, seen);
for (const name of extra) {
  const key = Object.keys(manifest).find((k) => k.includes(name));
  if (key) collect(key, seen);
}
let total = 0;
for (const key of seen) {
  const size = gzipSync(readFileSync(join(dist, manifest[key].file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${manifest[key].file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  total (gzip)`);
