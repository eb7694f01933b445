#!/usr/bin/env node
// Measures the JavaScript a real browser downloads for the first screen, as served by the
// built server: the visitor's /auth and a signed-in user's /. Each screen loads in a fresh
// browser context (empty cache) until the network is idle; every script response is summed
// by its transferred body size (CDP encodedDataLength minus the response headers). A script the
// HTML carries inline (the boot script: apps/server/src/http/web-page.ts) counts as its text
// compressed on its own with the page's encoding, a little more than it adds to the page.
//
// Usage: npm run build && node bench/first-screen.mjs [--budget 150] [--json] [--viewport 1280x800]
// The headline figure forces `Accept-Encoding: gzip`; brotli is measured the same way with
// `Accept-Encoding: br`. Exits 1 when a gzip figure is over the budget (kB, 1 kB = 1024 B).
// Only talks to 127.0.0.1 (localhost would show the staging confirmation).
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, activatedUser, freePort, startServer } from './support.mjs';

const { values } = parseArgs({
  options: {
    budget: { type: 'string', default: '150' },
    json: { type: 'boolean', default: false },
    viewport: { type: 'string', default: '1280x800' },
  },
});
const budgetKb = Number(values.budget);
const [width, height] = values.viewport.split('x').map(Number);

/**
 * Loads one screen in a fresh context and returns the script responses:
 * { url, encoding, bytes } with bytes = the body as transferred.
 */
async function loadScreen(browser, url, encoding, session, ready) {
  const context = await browser.newContext({ viewport: { width, height } });
  if (session) {
    // The cookie the app keeps beside a stored session, which tells the server to preload the
    // signed-in screen (apps/web/src/api/session.ts).
    await context.addCookies([{ name: 'signed_in', value: '1', url: new URL(url).origin }]);
    // The keys of apps/web/src/api/session.ts.
    await context.addInitScript(
      ([token, refreshToken]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('refresh_token', refreshToken);
        localStorage.setItem('session_kind', 'full');
      },
      [session.token, session.refreshToken],
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  const responses = new Map();
  const scripts = [];
  const failures = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    responses.set(requestId, {
      url: response.url,
      mimeType: response.mimeType,
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (!response) return;
    const isScript = /javascript/.test(response.mimeType) || /\.m?js(\?|$)/.test(response.url);
    if (!isScript) return;
    scripts.push({
      url: response.url,
      encoding: response.encoding,
      bytes: encodedDataLength - response.headerBytes,
    });
  });
  cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
    failures.push(`${responses.get(requestId)?.url ?? requestId}: ${errorText}`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...globalThis.document.scripts].filter((script) => !script.src).map((script) => script.text),
  );
  for (const text of inline) {
    const compressed =
      encoding === 'br'
        ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(text, { level: 9 });
    scripts.push({ url: `${url}#inline`, encoding, bytes: compressed.length });
  }
  await context.close();
  if (failures.length > 0) throw new Error(`failed requests:\n${failures.join('\n')}`);
  return scripts;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const { base, dataDir, stop } = await startServer(await freePort());

let browser;
let overBudget = false;
try {
  const session = await activatedUser(
    base,
    dataDir,
    'first-screen@example.test',
    'FirstScreen#Password1',
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });

  const screens = [
    {
      name: 'visitor /auth',
      url: `${base}/auth`,
      session: null,
      ready: (page) => page.locator('input[type="password"]').first().waitFor(),
    },
    {
      name: 'signed-in /',
      url: `${base}/`,
      session,
      // The account card sits in the side menu, off screen below 1100 px but rendered.
      ready: (page) => page.getByTestId('home-page').waitFor(),
    },
  ];

  const report = [];
  for (const screen of screens) {
    const result = { screen: screen.name, url: screen.url.replace(base, '') };
    for (const encoding of ['gzip', 'br']) {
      const scripts = await loadScreen(browser, screen.url, encoding, screen.session, screen.ready);
      const wrong = scripts.filter((s) => s.encoding !== encoding && s.bytes > 1024);
      if (wrong.length > 0) {
        console.warn(
          `warning (${screen.name}, ${encoding}): served without ${encoding}: ` +
            wrong.map((s) => `${s.url} (${s.encoding})`).join(', '),
        );
      }
      result[encoding] = {
        total: scripts.reduce((sum, s) => sum + s.bytes, 0),
        scripts: scripts
          .map((s) => {
            const { pathname, hash } = new URL(s.url);
            return { file: pathname + hash, encoding: s.encoding, bytes: s.bytes };
          })
          .sort((a, b) => b.bytes - a.bytes),
      };
    }
    report.push(result);
  }

  if (values.json) {
    console.log(JSON.stringify({ date: new Date().toISOString(), budgetKb, report }, null, 2));
  } else {
    for (const result of report) {
      const brBytes = new Map(result.br.scripts.map((s) => [s.file, s.bytes]));
      console.log(`\n${result.screen} (${result.url}): ${result.gzip.scripts.length} scripts`);
      for (const s of result.gzip.scripts) {
        console.log(
          `${kb(s.bytes).padStart(8)} kB gzip ${kb(brBytes.get(s.file) ?? 0).padStart(8)} kB br  ${s.file}`,
        );
      }
      console.log(
        `${kb(result.gzip.total).padStart(8)} kB gzip ${kb(result.br.total).padStart(8)} kB br  total`,
      );
    }
    console.log(`\n| screen | JS gzip | JS brotli | scripts |`);
    console.log('|---|---:|---:|---:|');
    for (const result of report) {
      console.log(
        `| ${result.screen} | ${kb(result.gzip.total)} kB | ${kb(result.br.total)} kB | ${result.gzip.scripts.length} |`,
      );
    }
  }
  for (const result of report) {
    if (result.gzip.total > budgetKb * 1024) {
      overBudget = true;
      console.warn(`over budget: ${result.screen} ${kb(result.gzip.total)} kB > ${budgetKb} kB`);
    }
  }
} finally {
  await browser?.close();
  await stop();
}
process.exitCode = overBudget ? 1 : 0;
