// The launch arguments this machine's Chromium needs (no sandbox, no background traffic):
// the benchmarks' and, with a few of their own added, the browser journeys'
// (e2e/support/chromium.ts).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
