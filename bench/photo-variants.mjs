#!/usr/bin/env node
// CPU per photo for the webp variants (issue 26): runs processPhoto (the server's source,
// through tsx) on a few pictures and prints the CPU milliseconds (user + system, this process
// and libvips' threads) and wall milliseconds per photo, the median of --runs runs.
// Usage: npx tsx bench/photo-variants.mjs [--runs 15]
// Pictures: the load test's 1200×900 JPEG (flat colour), a 4000×3000 camera-like JPEG
// (noise, orientation 6), a 2400×1600 PNG, and the HEIC fixture (decoded by heic-decode).
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PHOTO_VARIANTS } from '@memoria/domain';
import { processPhoto } from '../apps/server/src/modules/media/photos.ts';
import { cameraJpeg, loadTestJpeg, noisyPng } from './photo-pictures.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const runs = Number(values.runs);
const dir = mkdtempSync(join(tmpdir(), 'photo-bench-'));

/** Swallows what is stored: the bench measures the image work, not the disk. */
const storage = {
  kind: 'disk',
  async put(_key, body) {
    let size = 0;
    for await (const chunk of body) size += chunk.length;
    return { size };
  },
};

const pictures = [
  ['load-test JPEG 1200×900', await loadTestJpeg(), 'jpg'],
  ['camera JPEG 4000×3000, orientation 6', await cameraJpeg(), 'jpg'],
  ['PNG 2400×1600', await noisyPng(), 'png'],
  [
    'HEIC fixture 96×64',
    readFileSync(new URL('../apps/server/src/modules/media/fixtures/photo.heic', import.meta.url)),
    'heic',
  ],
];

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log('| picture | CPU ms per photo | wall ms per photo |');
console.log('| --- | ---: | ---: |');
for (const [name, bytes, extension] of pictures) {
  const file = join(dir, `in.${extension}`);
  writeFileSync(file, bytes);
  await processPhoto(file, storage, '1/1/', PHOTO_VARIANTS); // warm-up
  const cpu = [];
  const wall = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.cpuUsage();
    const t0 = performance.now();
    await processPhoto(file, storage, '1/1/', PHOTO_VARIANTS);
    wall.push(performance.now() - t0);
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(`| ${name} | ${median(cpu).toFixed(1)} | ${median(wall).toFixed(1)} |`);
}
rmSync(dir, { recursive: true, force: true });
