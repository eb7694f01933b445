#!/usr/bin/env node
// Where a server's CPU profile went, by package and by function of our code: reads a
// .cpuprofile written under BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" and prints
// self time by package, self time by function, inclusive time of our functions (mapped to
// apps/server/src through the bundle's source map when source-map-js can be loaded), and the
// time inside Kysely, zod and the load probe's statement wrapper (SQLite runs its statements
// inside that call) by the nearest function of ours that called it.
//
//   node bench/load/profile-summary.mjs <file.cpuprofile> [--map apps/server/dist/main.js.map]
//        [--last 72 --skip-end 8] [--top 40]
// --last n: only the samples of the last n seconds (a load step at the end of the run);
// --skip-end n: without the last n seconds (the hold and the shutdown).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    map: { type: 'string' },
    last: { type: 'string' },
    'skip-end': { type: 'string', default: '0' },
    top: { type: 'string', default: '40' },
  },
});
const [file] = positionals;
if (!file) {
  console.error('give a .cpuprofile');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8'));
let consumer = null;
if (values.map) {
  try {
    const { SourceMapConsumer } = createRequire(import.meta.url)('source-map-js');
    consumer = new SourceMapConsumer(JSON.parse(readFileSync(values.map, 'utf8')));
  } catch {
    console.error('source-map-js not found: bundle positions are printed instead');
  }
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// time per node, within the window
const end = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1e6;
const last = values.last === undefined ? Infinity : Number(values.last);
const skipEnd = Number(values['skip-end']);
const timeOf = new Map();
let clock = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  clock += profile.timeDeltas[i] / 1e6;
  const fromEnd = end - clock;
  if (fromEnd > last || fromEnd < skipEnd) continue;
  const id = profile.samples[i];
  timeOf.set(id, (timeOf.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
}

const isOurs = (n) => /\/dist\/(main\.js|server\/)/.test(n.callFrame.url);
const labels = new Map();
function label(n) {
  if (labels.has(n.id)) return labels.get(n.id);
  const { functionName, url, lineNumber, columnNumber } = n.callFrame;
  const name = functionName || '(anonymous)';
  let text;
  if (isOurs(n) && consumer && url.endsWith('/main.js')) {
    const at = consumer.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    text = `${name} ${(at.source ?? '?').replace(/^.*?((apps|packages)\/)/, '$1')}:${at.line}`;
  } else if (url.includes('node_modules/')) {
    const [, pkg, rest] = /node_modules\/((?:@[^/]+\/)?[^/]+)(.*)/.exec(url);
    text = `${name} [${pkg}]${rest.split('/').at(-1)}:${lineNumber + 1}`;
  } else text = `${name} ${url.replace(/^file:\/\/.*\//, '')}:${lineNumber + 1}`;
  labels.set(n.id, text);
  return text;
}
function packageOf(n) {
  const { url, functionName } = n.callFrame;
  if (isOurs(n)) return 'our code';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node';
  if (url === '') return functionName;
  return url.replace(/^file:\/\/.*\//, '');
}

let total = 0;
const self = new Map();
const groups = new Map();
const inclusive = new Map();
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of timeOf) {
  total += t;
  const n = byId.get(id);
  add(self, label(n), t);
  add(groups, packageOf(n), t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const c = byId.get(cur);
    if (!isOurs(c)) continue;
    const l = label(c);
    if (!seen.has(l)) add(inclusive, l, t);
    seen.add(l);
  }
}
/** Time in frames `test` picks, by the nearest of our functions above them (db/ helpers skipped). */
function byCaller(test) {
  const m = new Map();
  for (const [id, t] of timeOf) {
    if (!test(byId.get(id))) continue;
    let caller = '(none of ours on the stack)';
    for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
      const c = byId.get(cur);
      if (isOurs(c) && !/db\/(database|query-cache|dialect)\.ts/.test(label(c))) {
        caller = label(c);
        break;
      }
    }
    add(m, caller, t);
  }
  return m;
}
function print(title, map, k = top) {
  console.log(`\n## ${title} (of ${total.toFixed(0)} ms sampled)`);
  for (const [l, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, k)) {
    console.log(
      `${t.toFixed(0).padStart(8)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${l}`,
    );
  }
}
print('self time by package', groups, 20);
print('self time by function', self);
print('inclusive time, our functions', inclusive);
print(
  'statements (the load probe wraps them) by caller',
  byCaller((n) => n.callFrame.url.includes('probe.mjs')),
  15,
);
print(
  'Kysely by caller',
  byCaller((n) => n.callFrame.url.includes('node_modules/kysely')),
  25,
);
print(
  'zod and the response serialiser by caller',
  byCaller((n) => /node_modules\/(zod|fastify-type-provider-zod)\//.test(n.callFrame.url)),
  10,
);
