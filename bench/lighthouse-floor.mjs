#!/usr/bin/env node
// The floor under bench/lighthouse.mjs: what Lighthouse's presets score for pages that have no
// JavaScript at all, served by a bare Node HTTP server on 127.0.0.1. With simulated throttling
// (slow 4G: 150 ms round trips, 1.6 Mbit/s; 4x CPU slowdown) even these pay for the connection
// and the transfer, so their FCP and LCP are the lowest any page of the product could reach
// on the same preset (docs/PERFORMANCE.md, "Lighthouse: the floor").
//
// Usage: npm run build && node bench/lighthouse-floor.mjs [--runs 3]
// Pages: `text` (one heading and a paragraph, inline style), `app-css` (the same text with the
// product's built stylesheet linked), `photo` (the text and a 550w webp variant, the size a
// memo card shows, as the largest element), `script` (the stylesheet, and the same text put
// in by a module script as large, gzipped, as the first-screen budget allows: 150 kB; what
// any page drawn by its JavaScript pays before its first content, whatever that script does).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import sharp from 'sharp';
import { CHROMIUM_ARGS, freePort, root, waitFor } from './support.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(values.runs));
const assets = join(root, 'apps', 'web', 'dist', 'assets');
const cssName = readdirSync(assets).find((name) => /^index-.*\.css$/.test(name));
if (!cssName) throw new Error('no built stylesheet: run npm run build first');
// served gzipped, as the product serves it (precompressed at build)
const css = readFileSync(join(assets, `${cssName}.gz`));

const TEXT = `<h1>Weekend in the hills</h1><p>${'We walked along the ridge until the fog lifted, then sat by the lake and wrote down everything we saw. '.repeat(4)}</p>`;
// Random text does not compress: its gzip is about its size. The script keeps it in a string
// (parsed, never run) and then writes the page's text, as a client-rendered app would.
const script = gzipSync(
  `const payload = ${JSON.stringify(randomBytes(146 * 1024).toString('base64'))};\n` +
    `document.getElementById('root').innerHTML = ${JSON.stringify(`<main>${TEXT}</main>`)};\n` +
    `export default payload.length;\n`,
);
const page = (head, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>${head}</head><body>${body}</body></html>`;
const PAGES = {
  text: page('<style>body{font-family:sans-serif;margin:16px}</style>', TEXT),
  'app-css': page(`<link rel="stylesheet" href="/app.css">`, `<main>${TEXT}</main>`),
  script: page(
    `<link rel="stylesheet" href="/app.css"><script type="module" src="/app.js"></script>`,
    '<div id="root"></div>',
  ),
  photo: page(
    '<style>body{font-family:sans-serif;margin:16px}img{width:100%;height:auto}</style>',
    `${TEXT}<img src="/photo.webp" width="550" height="413" alt="A lake" fetchpriority="high">`,
  ),
};

const photo = await sharp({
  create: { width: 550, height: 413, channels: 3, background: { r: 90, g: 140, b: 170 } },
})
  .composite([
    {
      input: Buffer.from(
        `<svg width="550" height="413"><circle cx="275" cy="206" r="150" fill="#e8c15a"/></svg>`,
      ),
    },
  ])
  .webp({ quality: 82 })
  .toBuffer();

const server = createServer((req, res) => {
  const name = req.url.slice(1);
  if (name === 'app.css') {
    return res.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip' }).end(css);
  }
  if (name === 'app.js') {
    return res
      .writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip' })
      .end(script);
  }
  if (name === 'photo.webp') return res.writeHead(200, { 'content-type': 'image/webp' }).end(photo);
  const html = PAGES[name];
  if (!html) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
});
const port = await freePort();
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
console.log(`script page: ${(script.length / 1024).toFixed(1)} kB of gzipped JavaScript`);

const debugPort = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'memoria-lighthouse-floor-'));
const chromium = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`],
  { stdio: 'ignore' },
);
const CONFIGS = {
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
  desktop: {
    ...desktopConfig,
    settings: { ...desktopConfig.settings, onlyCategories: ['performance'] },
  },
};
try {
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
  console.log('| page | preset | performance | FCP | LCP | TBT | load avg |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const preset of ['mobile', 'desktop']) {
    for (const name of Object.keys(PAGES)) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        const load = loadavg()[0];
        const { lhr } = await lighthouse(
          `http://127.0.0.1:${port}/${name}`,
          { port: debugPort, output: 'json', logLevel: 'error' },
          CONFIGS[preset],
        );
        results.push({ lhr, load });
      }
      // the median run by score, as bench/lighthouse.mjs keeps it
      results.sort(
        (a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score,
      );
      const { lhr, load } = results[Math.floor(results.length / 2)];
      const a = lhr.audits;
      const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `| ${name} | ${preset} | ${Math.round(lhr.categories.performance.score * 100)} | ${s(a['first-contentful-paint'].numericValue)} | ${s(a['largest-contentful-paint'].numericValue)} | ${Math.round(a['total-blocking-time'].numericValue)} ms | ${load.toFixed(2)} |`,
      );
    }
  }
} finally {
  chromium.kill();
  server.close();
  await new Promise((r) => setTimeout(r, 300));
  rmSync(profile, { recursive: true, force: true });
}
