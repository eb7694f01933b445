#!/usr/bin/env node
// What sets a screen's largest paint and its long tasks, read in Chromium with the CPU slowed
// like Lighthouse's mobile preset (4x), where Lighthouse 12.2.3 cannot read Chromium 156's
// traces for its LCP-element diagnostics (docs/PERFORMANCE.md, Lighthouse). For each load:
// the LCP element and its breakdown (time to first byte, the resource's load delay and load
// time, the render delay after it), the longest main-thread task and the sum of the tasks'
// time over 50 ms after the first paint (a TBT-like figure, unthrottled network), and the
// long animation frames' scripts (what ran, for how long, with how much forced layout).
//
// Against servers started with `node bench/lighthouse.mjs --serve` (LH_PORT and WEB_DIST
// apart for two builds): give one address per build, the same screen; the loads alternate
// (a, b, a, b…) so both see the same machine.
//
// Usage: node bench/lcp-screen.mjs <url> [<url of the other build>] [--runs 3] [--throttle 4]
//        [--viewport 412x823] [--frames 3] [--json]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    throttle: { type: 'string', default: '4' },
    viewport: { type: 'string', default: '412x823' },
    wait: { type: 'string', default: '5000' },
    frames: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) {
  console.error('give at least one screen address (node bench/lighthouse.mjs --serve prints them)');
  process.exit(2);
}
const [width, height] = values.viewport.split('x').map(Number);

async function session(origin) {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ usermail: 'demo@memoria.local', password: 'Memoria-demo-2026!' }),
  });
  if (!response.ok) throw new Error(`login at ${origin}: ${response.status}`);
  return response.json();
}

/** Runs in the page before its scripts: keeps the entries the buffer would not. */
function observe() {
  const w = globalThis;
  w.__lcpBench = { longtasks: [], frames: [], lcps: [] };
  // LCP entries are only given to observers, not by getEntriesByType
  new PerformanceObserver((list) => w.__lcpBench.lcps.push(...list.getEntries())).observe({
    type: 'largest-contentful-paint',
    buffered: true,
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__lcpBench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__lcpBench.frames.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration,
        scripts: e.scripts.map((s) => ({
          invoker: s.invoker,
          source: `${s.sourceURL.replace(/^.*\/assets\//, '')}:${s.sourceFunctionName}`,
          duration: Math.round(s.duration),
          layout: Math.round(s.forcedStyleAndLayoutDuration),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** Read in the page once it has settled. */
function collect() {
  const describe = (node) => {
    if (!node) return '(gone)';
    const element = node.nodeType === 1 ? node : node.parentElement;
    const id = element.getAttribute('data-testid');
    const text = (element.textContent || '').trim().slice(0, 30);
    return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  const { longtasks, frames, lcps } = globalThis.__lcpBench;
  const lcp = lcps[lcps.length - 1];
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const ttfb = nav.responseStart;
  const at = lcp ? lcp.renderTime || lcp.startTime : 0;
  let resource = null;
  if (lcp?.url) {
    const entry = performance.getEntriesByName(lcp.url)[0];
    if (entry) resource = { start: entry.startTime, end: entry.responseEnd };
  }
  const loaded = resource ? resource.end : ttfb;
  return {
    fcp,
    lcp: at,
    element: lcp ? describe(lcp.element) : '(none)',
    image: lcp?.url ? lcp.url.replace(/^.*\/(media|api)\//, '$1/').slice(0, 60) : null,
    ttfb,
    loadDelay: resource ? resource.start - ttfb : 0,
    loadTime: resource ? resource.end - resource.start : 0,
    renderDelay: at - loaded,
    longest: Math.max(0, ...longtasks.map((t) => t.duration)),
    blocking: longtasks
      .filter((t) => t.start >= fcp)
      .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    beforeLcp: longtasks.filter((t) => t.start < at).length,
    frames: frames
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 12)
      .map((f) => ({
        start: Math.round(f.start),
        duration: Math.round(f.duration),
        scripts: f.scripts.sort((a, b) => b.duration - a.duration).slice(0, 4),
      })),
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const results = positionals.map(() => []);
try {
  for (let round = 0; round < Number(values.runs); round += 1) {
    for (const [index, address] of positionals.entries()) {
      const url = new URL(address);
      const login = await session(url.origin);
      const context = await browser.newContext({ viewport: { width, height }, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${url.origin}/api/health`);
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('refresh_token', s.refresh_token);
        localStorage.setItem('session_kind', 'full');
        // as the app does when it stores a session (apps/web/src/api/session.ts)
        globalThis.document.cookie = 'signed_in=1; path=/; samesite=lax';
      }, login);
      await page.addInitScript(observe);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
      const load = loadavg()[0];
      await page.goto(url.href, { waitUntil: 'load' });
      await page.waitForTimeout(Number(values.wait));
      const result = { load, ...(await page.evaluate(collect)) };
      await context.close();
      results[index].push(result);
      const ms = (v) => `${Math.round(v)} ms`;
      console.log(
        `${String.fromCharCode(97 + index)} #${round + 1} load ${load.toFixed(2)}: FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)} ${result.element}` +
          `${result.image ? ` (${result.image})` : ''}; TTFB ${ms(result.ttfb)}, load delay ${ms(result.loadDelay)},` +
          ` load ${ms(result.loadTime)}, render delay ${ms(result.renderDelay)};` +
          ` longest task ${ms(result.longest)}, blocking ${ms(result.blocking)}, ${result.beforeLcp} long tasks before LCP`,
      );
      for (const frame of result.frames.slice(0, Number(values.frames))) {
        const scripts = frame.scripts
          .map(
            (s) => `${s.source} ${s.duration} ms${s.layout ? ` (forced layout ${s.layout})` : ''}`,
          )
          .join('; ');
        console.log(`    frame at ${frame.start}: ${frame.duration} ms: ${scripts}`);
      }
    }
  }
} finally {
  await browser.close();
}
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
for (const [index, address] of positionals.entries()) {
  const list = results[index];
  const pick = (key) => Math.round(median(list.map((r) => r[key])));
  console.log(
    `${String.fromCharCode(97 + index)} ${address}: median of ${list.length}: LCP ${pick('lcp')} ms,` +
      ` render delay ${pick('renderDelay')} ms, longest task ${pick('longest')} ms,` +
      ` blocking ${pick('blocking')} ms; load ${list.map((r) => r.load.toFixed(2)).join(', ')}`,
  );
}
if (values.json) console.log(JSON.stringify(results));
