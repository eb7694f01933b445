#!/usr/bin/env node
// The photo upload's answer time and the server's CPU per photo (issue 26).
// Usage: npm run build -w @memoria/server && node bench/photo-upload.mjs [--count 20] [--parallel 1]
// Uploads --count photos, --parallel at a time, to POST /api/memo/photo on the built server
// (SQLite, local disk): the load test's 1200×900 JPEG, then a 4000×3000 camera-like JPEG.
// Prints per picture the median and slowest answer (ms) and the server process's CPU per
// photo (user + system from /proc, request and variants together: it waits until the server
// is idle again, so a photo job's work after the answer is counted too).
// --busy n: meanwhile n loops of GET /api/profile keep the event loop busy (as the load test's
// other requests do), so the answer shows what it waits for on a busy loop; the CPU per photo
// is then not printed (the loops' requests are in it).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { activatedUser, freePort, startServer } from './support.mjs';
import { cameraJpeg, loadTestJpeg } from './photo-pictures.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '1' },
    busy: { type: 'string', default: '0' },
  },
});
const count = Number(values.count);
const parallel = Math.max(1, Number(values.parallel));
const busy = Math.max(0, Number(values.busy));

const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, 100 ticks a second
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server used (almost) no CPU for a second and a half. */
async function idle(pid) {
  let last = cpuMsOf(pid);
  for (;;) {
    await sleep(1500);
    const now = cpuMsOf(pid);
    if (now - last <= 20) return;
    last = now;
  }
}

const pictures = [
  ['load-test JPEG 1200×900', await loadTestJpeg()],
  ['camera JPEG 4000×3000', await cameraJpeg()],
];

const { base, dataDir, stop, pid } = await startServer(await freePort(), {
  RATE_LIMIT_PER_MINUTE: '100000000',
});
try {
  const { token } = await activatedUser(
    base,
    dataDir,
    'photo-bench@example.com',
    'Bench-pass-1234',
  );
  const upload = async (bytes) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const res = await fetch(`${base}/api/memo/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const ms = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return { ms, photo: await res.json() };
  };
  // Warm-up: sharp loaded, the first query plans made.
  await upload(pictures[0][1]);
  await idle(pid);
  console.log(
    `| picture${busy ? ` (${busy} loops of GET /api/profile beside)` : ''} | answer median ms | p90 ms | slowest ms | server CPU ms per photo |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, bytes] of pictures) {
    let busyUntil = false;
    const busyLoop = async () => {
      while (!busyUntil) {
        const res = await fetch(`${base}/api/profile`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
      }
    };
    const loops = Array.from({ length: busy }, busyLoop);
    if (busy) await sleep(1000);
    const cpuBefore = cpuMsOf(pid);
    const times = [];
    let next = 0;
    const lane = async () => {
      while (next < count) {
        next += 1;
        times.push((await upload(bytes)).ms);
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
    busyUntil = true;
    await Promise.all(loops);
    await idle(pid);
    const cpu = (cpuMsOf(pid) - cpuBefore) / count;
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p90 = times[Math.min(times.length - 1, Math.floor(times.length * 0.9))];
    console.log(
      `| ${name} | ${median.toFixed(0)} | ${p90.toFixed(0)} | ${times.at(-1).toFixed(0)} | ${busy ? '-' : cpu.toFixed(0)} |`,
    );
  }
} finally {
  await stop();
}
