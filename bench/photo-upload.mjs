#!/usr/bin/env node
// The photo upload's answer time and the server's CPU per photo (issue 26).
// Usage: npm run build -w @memoria/server && node bench/photo-upload.mjs [--count 20] [--parallel 1]
// Uploads --count photos, --parallel at a time, to POST /api/memo/photo on the built server
// (SQLite, local disk): the load test's 1200×900 JPEG, then a 4000×3000 camera-like JPEG.
// Prints per picture the median and slowest answer (ms) and the server process's CPU per
// photo (user + system from /proc, request and variants together: it waits until the server
// is idle again, so a photo job's work after the answer is counted too).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { activatedUser, freePort, startServer } from './support.mjs';
import { cameraJpeg, loadTestJpeg } from './photo-pictures.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '1' },
  },
});
const count = Number(values.count);
const parallel = Math.max(1, Number(values.parallel));

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

const { base, dataDir, stop, pid } = await startServer(await freePort());
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
  console.log('| picture | answer median ms | slowest ms | server CPU ms per photo |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, bytes] of pictures) {
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
    await idle(pid);
    const cpu = (cpuMsOf(pid) - cpuBefore) / count;
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
      `| ${name} | ${median.toFixed(0)} | ${times.at(-1).toFixed(0)} | ${cpu.toFixed(0)} |`,
    );
  }
} finally {
  await stop();
}
