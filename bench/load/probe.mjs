// Loaded into the server process by the load test (node --import bench/load/probe.mjs
// apps/server/dist/main.js), never by the product: the server itself is unchanged and has
// no metrics route. It answers the load test over the IPC channel the test opened when it
// started the server: the event-loop delay (per sample and over the current window), memory
// and the process's own CPU time. Without an IPC channel (an ordinary start) it does nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

if (process.send && process.channel) {
  // two monitors: one reset at every sample (the chart), one reset when the test says a
  // step begins (the limit is checked over a whole step)
  const sample = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  sample.enable();
  window.enable();
  // a value is the time between two timer turns; the timer's own period is not delay
  const ms = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  const figures = (h) =>
    h.count === 0
      ? { p50: 0, p99: 0, max: 0 }
      : { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
  process.on('message', (message) => {
    if (message?.type !== 'load-probe') return;
    const answer = {
      type: 'load-probe',
      sample: figures(sample),
      window: figures(window),
      memory: process.memoryUsage(),
      cpu: process.cpuUsage(),
    };
    sample.reset();
    if (message.resetWindow) window.reset();
    process.send(answer);
  });
  // the channel must not keep a server that is shutting down alive
  process.channel.unref();
}
