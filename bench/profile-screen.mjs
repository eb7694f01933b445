#!/usr/bin/env node
// A CPU profile of one screen's load in Chromium with the CPU slowed like Lighthouse's mobile
// preset (4x), against a server `node bench/lighthouse.mjs --serve` started; prints the
// functions with the most self time and the components with the most total time. Build the
// web app unminified (`npx vite build --minify false --outDir dir`, served with WEB_DIST=dir)
// to read component names.
//
// Usage: node bench/profile-screen.mjs http://127.0.0.1:3240/ [--throttle 4] [--top 40]
//        [--viewport 412x823] [--save file.cpuprofile]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    throttle: { type: 'string', default: '4' },
    top: { type: 'string', default: '40' },
    viewport: { type: 'string', default: '412x823' },
    save: { type: 'string' },
    wait: { type: 'string', default: '4000' },
  },
});
const url = new URL(positionals[0]);
const base = url.origin;
const top = Number(values.top);
const [width, height] = values.viewport.split('x').map(Number);

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ usermail: 'demo@memoria.local', password: 'Memoria-demo-2026!' }),
}).then((r) => r.json());

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext({ viewport: { width, height } });
const page = await context.newPage();
await page.goto(`${base}/api/health`);
await page.evaluate((s) => {
  localStorage.setItem('token', s.token);
  localStorage.setItem('refresh_token', s.refresh_token);
  localStorage.setItem('session_kind', 'full');
}, login);
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const started = Date.now();
await page.goto(url.href);
await page.waitForTimeout(Number(values.wait));
const { profile } = await cdp.send('Profiler.stop');
const longTasks = await page.evaluate(() =>
  performance.getEntriesByType('longtask').map((e) => Math.round(e.duration)),
);
console.log(
  `loaded in ${Date.now() - started} ms; cards: ${await page.locator('[data-testid=memo-card]').count()}`,
);
if (values.save) writeFileSync(values.save, JSON.stringify(profile));
await browser.close();

// Self time per node from the samples, then per function and, through the tree, total time.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const key = (n) => {
  const f = n.callFrame;
  const file = f.url
    .split('/')
    .pop()
    .replace(/-[\w-]{8}\.js$/, '');
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
};
const selfBy = new Map();
const totalBy = new Map();
for (const [id, us] of self) {
  let n = byId.get(id);
  selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + us);
  const seen = new Set();
  for (; n; n = byId.get(parent.get(n.id))) {
    const k = key(n);
    if (seen.has(k)) continue;
    seen.add(k);
    totalBy.set(k, (totalBy.get(k) ?? 0) + us);
  }
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
const busy = [...self.entries()]
  .filter(([id]) => !['(idle)', '(program)'].includes(byId.get(id).callFrame.functionName))
  .reduce((s, [, us]) => s + us, 0);
console.log(`busy (not idle/program): ${ms(busy)} ms; long tasks: ${longTasks.join(' ')}`);
console.log('\nself time');
for (const [k, us] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(ms(us), k);
console.log('\ntotal time, capitalised functions (components)');
for (const [k, us] of [...totalBy]
  .filter(([k]) => /^[A-Z]/.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(ms(us), k);
