#!/usr/bin/env node
// What a Lighthouse run's long tasks did, read from the unthrottled trace it simulated from
// (`node bench/lighthouse.mjs --save dir` writes `<screen>-<preset>-<n>.trace.json` beside each
// report). Lighthouse multiplies these tasks by its CPU slowdown (4× on mobile) to get its
// blocking time, so a 60 ms task here is a 240 ms one in the report. For each task over
// --min ms on the page's main thread: when it started (from the navigation), what it ran
// (script, function) and its largest trace events; then, per 10 ms, the elements added to and
// removed from the layout (a list built twice shows as removed, then added again:
// docs/PERFORMANCE.md, Lighthouse, twelfth round).
//
// Usage: node bench/lighthouse-trace.mjs <file.trace.json> [--min 20] [--nodes]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: 'string', default: '20' }, nodes: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('give one trace file (node bench/lighthouse.mjs --save dir writes them)');
  process.exit(2);
}
const trace = JSON.parse(readFileSync(positionals[0], 'utf8'));
const events = trace.traceEvents ?? trace;
const navigation = events
  .filter(
    (e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
  )
  .at(-1);
if (!navigation) throw new Error('no navigation to an http address in this trace');
const start = navigation.ts;
const ms = (us) => (us / 1000).toFixed(1);
const at = (event) => ((event.ts - start) / 1000).toFixed(0);
const main = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid);

console.log(`${navigation.args.data.documentLoaderURL}: tasks over ${values.min} ms`);
const tasks = main.filter((e) => e.name === 'RunTask' && e.dur >= Number(values.min) * 1000);
for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
  const inside = main.filter(
    (e) => e !== task && e.dur && e.ts >= task.ts && e.ts < task.ts + task.dur,
  );
  const calls = inside
    .filter((e) => ['FunctionCall', 'EvaluateScript', 'v8.evaluateModule'].includes(e.name))
    .filter((e) => e.dur >= 1000)
    .map((e) => {
      const data = e.args?.data ?? {};
      const file = (data.url ?? '').split('/').pop() || '(page)';
      return `${data.functionName || e.name} in ${file} ${ms(e.dur)}`;
    });
  const byName = new Map();
  for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  const largest = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, us]) => `${name} ${ms(us)}`);
  console.log(`${at(task).padStart(6)} ms: ${ms(task.dur)} ms  ${calls.slice(0, 3).join('; ')}`);
  console.log(`           ${largest.join(', ')}`);
}

if (values.nodes) {
  console.log('\nelements added to and removed from the layout, per 10 ms');
  const slots = new Map();
  for (const e of main) {
    const reason = e.args?.data?.reason ?? '';
    if (e.name !== 'LayoutInvalidationTracking' || !/^(Added to|Removed from) layout/.test(reason))
      continue;
    const key = `${String(Math.floor((e.ts - start) / 10000) * 10).padStart(6)} ms ${reason.split(' ')[0].toLowerCase()}`;
    const names = slots.get(key) ?? [];
    names.push((e.args.data.nodeName ?? '').split(' ')[0]);
    slots.set(key, names);
  }
  for (const [key, names] of slots) {
    console.log(`${key}: ${names.length} (${[...new Set(names)].slice(0, 10).join(', ')})`);
  }
}
