// `npm run test:durations`: keeps the durations of the last `npm test` (or Vitest run with the
// durations reporter) as the expected durations the sequencer orders the files by. Run it after
// a whole run on a quiet machine, when files were added or have become slower.
import { readFileSync, writeFileSync } from 'node:fs';
import { committedDurations, measuredDurations } from './durations.mjs';

const { measuredAt, files } = JSON.parse(readFileSync(measuredDurations, 'utf8'));
writeFileSync(committedDurations, `${JSON.stringify({ measuredAt, files }, null, 2)}\n`);
console.log(`${Object.keys(files).length} files' durations kept in ${committedDurations}`);
