// Writes how long each file took, from its worker's start on it to its end (environment, imports
// and tests), to test-results/vitest-durations.json, with when it ran: the input of
// `npm run test:durations` and of the timeline in docs/TESTING.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileKey, measuredDurations } from './durations.mjs';

export default class DurationsReporter {
  started = Date.now();
  files = {};
  timeline = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const seconds =
      (d.environmentSetupDuration +
        d.prepareDuration +
        d.collectDuration +
        d.setupDuration +
        d.duration) /
      1000;
    const key = fileKey(testModule.project.name, testModule.moduleId);
    this.files[key] = Math.round(seconds * 10) / 10;
    this.timeline.push({
      key,
      endedAt: Math.round((Date.now() - this.started) / 100) / 10,
      seconds,
    });
  }

  onTestRunEnd() {
    mkdirSync(dirname(measuredDurations), { recursive: true });
    const sorted = Object.fromEntries(
      Object.entries(this.files).sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(
      measuredDurations,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), files: sorted, timeline: this.timeline }, null, 1)}\n`,
    );
  }
}
