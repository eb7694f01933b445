#!/usr/bin/env node
// Lighthouse (performance only) against the built product in Debian's Chromium: the visitor's
// /auth and six signed-in screens, mobile and desktop presets (docs/PERFORMANCE.md, Lighthouse).
//
// Usage: npm run build && node bench/lighthouse.mjs [--runs 1] [--only mobile|desktop]
//        [--screens home,feed] [--no-write] [--save dir] [--serve]
// LH_RUNS=n (or --runs n) runs each screen n times and keeps the median run (by score).
// The server starts on LH_PORT (3240) with a temporary SQLite data directory filled by
// `memoria-admin seed` plus memos with photos; the browser is signed in as the demo account
// by putting the session into localStorage (the keys of apps/web/src/api/session.ts) and its
// `signed_in` cookie, which Lighthouse's storage reset leaves alone. The table is printed and written between the
// markers in docs/PERFORMANCE.md. The machine's load average is recorded with every run:
// the mobile preset's CPU slowdown multiplies whatever else the machine is doing.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import sharp from 'sharp';
import { CHROMIUM_ARGS, freePort, root, startServer, waitFor } from './support.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.LH_RUNS ?? '1' },
    only: { type: 'string' },
    screens: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** a directory for each run's full Lighthouse report (JSON), to read the trace's audits */
    save: { type: 'string' },
    /** seed and serve only: print the screens' addresses and a session, wait for Ctrl-C */
    serve: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const presets = values.only ? [values.only] : ['mobile', 'desktop'];
const port = Number(process.env.LH_PORT ?? 3240);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Memoria-demo-2026!';
const DEMO = 'demo@memoria.local';

const dataDir = mkdtempSync(join(tmpdir(), 'memoria-lighthouse-'));
const serverEnv = { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000' };

/** `memoria-admin seed` on the data directory, before the server opens it. */
function seed() {
  const result = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/admin.js'), 'seed', '--json', '--password', PASSWORD],
    {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', ...serverEnv },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const login = (base, usermail) =>
  api(base, null, 'POST', '/api/login', { usermail, password: PASSWORD });

/** A 2400 × 1600 photo-like JPEG (gradients and noise, so it weighs what a photo weighs). */
async function photo(seedValue) {
  const width = 2400;
  const height = 1600;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seedValue * 7919;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const noise = x % 24;
    pixels[i] = ((p % width) / width) * 200 + noise;
    pixels[i + 1] = (Math.floor(p / width) / height) * 180 + noise + seedValue * 20;
    pixels[i + 2] = 120 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function memoWithPhotos(base, token, collectionId, title, count, seedValue) {
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([await photo(seedValue + i)], { type: 'image/jpeg' }),
      `photo-${i}.jpg`,
    );
    ids.push((await api(base, token, 'POST', '/api/memo/photo', form))['@id']);
  }
  return api(base, token, 'POST', '/api/memo', {
    title,
    description: '<p>A memo with photos, written by the Lighthouse bench.</p>',
    memos_per_collection: [`/api/collection/${collectionId}`],
    memo_photos: ids,
  });
}

/** The demo account and a connection each get memos with photos; answers the screens' ids. */
async function addPhotos(base, summary) {
  const demo = await login(base, DEMO);
  const profile = await api(base, demo.token, 'GET', '/api/profile');
  const own = await api(base, demo.token, 'GET', `/api/user/${profile.id}/collection`);
  const collections = own['hydra:member'] ?? own;
  const collection = collections[0];
  const memo = await memoWithPhotos(base, demo.token, collection.id, 'Photos from the bench', 3, 1);
  await memoWithPhotos(base, demo.token, collection.id, 'One more photo', 1, 5);
  const other = summary.accounts.find((a) => a.usermail !== DEMO);
  if (other) {
    const session = await login(base, other.usermail);
    const me = await api(base, session.token, 'GET', '/api/profile');
    const theirs = await api(base, session.token, 'GET', `/api/user/${me.id}/collection`);
    const first = (theirs['hydra:member'] ?? theirs)[0];
    if (first) await memoWithPhotos(base, session.token, first.id, 'Photos of a friend', 2, 7);
  }
  return { collectionId: collection.id, memoId: memo.id };
}

/** Debian's Chromium with a remote-debugging port, in a profile of its own. */
async function launchChromium() {
  const debugPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'memoria-lighthouse-chromium-'));
  const child = spawn(
    chromiumPath,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
  const stop = async () => {
    child.kill();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(profile, { recursive: true, force: true });
  };
  return { debugPort, stop };
}

/** A fresh session for the demo account in the browser's localStorage (or none). */
async function setSession(debugPort, base, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate((s) => {
      localStorage.clear();
      // the cookie the app keeps beside a stored session (apps/web/src/api/session.ts)
      globalThis.document.cookie = `signed_in=${s ? 1 : ''}; path=/; max-age=${s ? 31536000 : 0}; samesite=lax`;
      if (!s) return;
      localStorage.setItem('token', s.token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('session_kind', 'full');
    }, session);
    await page.close();
  } finally {
    // Disconnects; the default context and the browser stay for Lighthouse.
    await browser.close();
  }
}

const CONFIGS = {
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
  desktop: {
    ...desktopConfig,
    settings: { ...desktopConfig.settings, onlyCategories: ['performance'] },
  },
};

async function audit(debugPort, url, preset, saveAs) {
  const load = loadavg()[0];
  let result;
  // A loaded machine sometimes loses the trace (NO_NAVSTART) or a metric (a score of 0 with
  // NaN timings, no runtime error): one more try, then give up.
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(
      url,
      { port: debugPort, output: 'json', logLevel: 'error' },
      CONFIGS[preset],
    );
    const lost = !Number.isFinite(result.lhr.audits['largest-contentful-paint']?.numericValue);
    if (!result.lhr.runtimeError && !lost) break;
    if (attempt === 2) {
      throw new Error(`${url}: ${result.lhr.runtimeError?.message ?? 'no LCP measured'}`);
    }
  }
  const { lhr } = result;
  const audits = lhr.audits;
  if (saveAs) {
    writeFileSync(saveAs, result.report);
    // the unthrottled trace Lighthouse simulated from, for what its long tasks ran
    const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
    if (trace) writeFileSync(saveAs.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
  }
  return {
    load,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    si: audits['speed-index'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
  };
}

const median = (results) => {
  const sorted = [...results].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)];
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function table(rows) {
  const lines = [
    '| screen | preset | performance | FCP | LCP | CLS | TBT | load avg (1 min) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.screen} | ${r.preset} | ${r.score} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ` +
        `${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${r.loads.map((l) => l.toFixed(2)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

function writeSection(text) {
  const file = join(root, 'docs/PERFORMANCE.md');
  const begin = '<!-- lighthouse:begin (written by bench/lighthouse.mjs) -->';
  const end = '<!-- lighthouse:end -->';
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs/PERFORMANCE.md has no ${begin} … ${end}`);
  writeFileSync(file, `${doc.slice(0, start + begin.length)}\n${text}\n${doc.slice(stop)}`);
}

if (values.save) mkdirSync(values.save, { recursive: true });
let summary;
let server;
try {
  // Seeded before the server opens the database (its answer cache knows only its own writes).
  summary = seed();
  server = await startServer(port, serverEnv);
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  throw error;
}
let browser;
try {
  const { collectionId, memoId } = await addPhotos(server.base, summary);
  const all = [
    { key: 'auth', name: 'visitor `/auth`', path: '/auth', signedIn: false },
    { key: 'home', name: 'signed-in `/`', path: '/', signedIn: true },
    { key: 'feed', name: '`/feed`', path: '/feed', signedIn: true },
    { key: 'discover', name: '`/discover`', path: '/discover', signedIn: true },
    { key: 'collections', name: '`/collections`', path: '/collections', signedIn: true },
    {
      key: 'collection',
      name: 'a collection',
      path: `/collections/${collectionId}`,
      signedIn: true,
    },
    { key: 'memo', name: 'a memo', path: `/memo/${memoId}`, signedIn: true },
  ];
  if (values.serve) {
    const session = await login(server.base, DEMO);
    console.log(JSON.stringify({ screens: all.map((s) => `${server.base}${s.path}`), session }));
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
  const wanted = values.serve ? [] : values.screens?.split(',');
  const screens = wanted ? all.filter((s) => wanted.includes(s.key)) : all;

  browser = await launchChromium();
  const version = execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).trim();
  const rows = [];
  for (const preset of presets) {
    for (const screen of screens) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const session = screen.signedIn ? await login(server.base, DEMO) : null;
        await setSession(browser.debugPort, server.base, session);
        const result = await audit(
          browser.debugPort,
          `${server.base}${screen.path}`,
          preset,
          values.save && join(values.save, `${screen.key}-${preset}-${i + 1}.json`),
        );
        if (new URL(result.finalUrl).pathname !== screen.path) {
          throw new Error(`${screen.path} ended on ${result.finalUrl}: not signed in?`);
        }
        results.push(result);
        process.stderr.write(
          `${screen.key} ${preset} run ${i + 1}: ${result.score} (LCP ${seconds(result.lcp)}, ` +
            `CLS ${result.cls.toFixed(3)}, TBT ${Math.round(result.tbt)} ms, load ${result.load.toFixed(2)})\n`,
        );
      }
      rows.push({
        screen: screen.name,
        preset,
        ...median(results),
        loads: results.map((r) => r.load),
      });
    }
  }
  const heading =
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with Lighthouse ` +
    `12.2.3 (simulated throttling; the mobile preset: Moto G Power, 4x CPU slowdown, slow 4G) ` +
    `in ${version}, Node ${process.version}, ${runs} run${runs > 1 ? 's (median by score)' : ''} ` +
    `per screen and preset; the load average is the machine's at the start of each run.`;
  const text = `${heading}\n\n${table(rows)}`;
  console.log(`\n${text}\n`);
  if (!values['no-write'] && !values.only && !values.screens && !values.serve) writeSection(text);
} finally {
  await browser?.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
