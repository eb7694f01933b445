import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb } from '../test/harness.js';
import { servedOperations } from '../test/fuzz/openapi.js';
import { findingsReport, fuzzOperations, fuzzSettings, writeStatuses } from '../test/fuzz/run.js';
import { createFuzzWorld, type FuzzWorld } from '../test/fuzz/world.js';
import { recordReliability } from '../test/reliability-report.js';

/**
 * Every operation of the served OpenAPI document, fuzzed from its schemas (docs/notes/
 * fuzzing.md): FUZZ_RUNS cases each (200 by default), seeded by FUZZ_SEED. No 5xx, no stack
 * trace or file path in an answer, no connection left unanswered.
 */
const settings = fuzzSettings();

describeDb('fuzzing every operation of the OpenAPI document', () => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await createFuzzWorld();
  }, 60_000);
  afterAll(async () => world?.close());

  it(
    'answers every generated case with a clean 4xx or success, on time',
    async () => {
      const operations = await servedOperations(world.t.app);
      const selected = settings.only
        ? operations.filter((op) => op.key === settings.only || op.key.includes(settings.only!))
        : operations;
      expect(
        selected.length,
        `no operation ${settings.only ?? ''} in the document`,
      ).toBeGreaterThan(0);
      const started = Date.now();
      const cpu = process.cpuUsage();
      const tally = await fuzzOperations(world, selected, settings);
      const seconds = Math.round((Date.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      const cpuSeconds = Math.round((used.user + used.system) / 1e6);
      writeStatuses(tally);
      recordReliability({
        suite: 'fuzz',
        cases: tally.cases,
        operations: tally.perOperation.size,
        failures: tally.findings.length,
        detail: `seed ${settings.seed}, ${settings.runs} cases per operation, ${tally.socketCases} over a socket, a session per case for ${tally.sessionPerCase.join(', ') || 'none'}, ${seconds} s (${cpuSeconds} s of CPU)`,
      });
      // every operation of the document, none skipped
      expect([...tally.perOperation.keys()].sort()).toEqual(selected.map((op) => op.key).sort());
      for (const op of selected) {
        expect(tally.perOperation.get(op.key), op.key).toBeGreaterThanOrEqual(settings.runs);
      }
      expect(tally.findings, findingsReport(settings, tally)).toEqual([]);
    },
    // 200 cases per operation take 45-60 s of CPU (docs/notes/fuzzing.md); on a shared machine
    // the wall time is several times that
    Math.max(1_800_000, settings.runs * 9_000),
  );
});
