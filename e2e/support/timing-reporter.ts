import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type {
  FullResult,
  Reporter,
  TestCase,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';
import { ARTIFACTS_DIR } from './env.js';

/**
 * Where each journey's time goes (docs/TESTING.md, "Where the time goes"): its top-level
 * steps, summed by kind, written as a Markdown table to artifacts/timing.md (or
 * E2E_TIMING_OUTPUT). Set-up helpers name their steps "kind: detail" (support/steps.ts), so
 * sign-ups, mail and the operator command line show as their own columns; steps run side by
 * side (Promise.all) count once each, so a row may add up to more than the journey took.
 */
const COLUMNS = [
  'sign-up',
  'mail',
  'cli',
  'context',
  'page load',
  'api',
  'action',
  'wait',
  'fixture',
  'other',
] as const;
type Column = (typeof COLUMNS)[number];

const PAGE_LOAD = /^(navigate|reload|go back|go forward|wait for (url|navigation|load))/i;
const API_CALL = /^(GET|POST|PUT|PATCH|DELETE|HEAD)\b/;
const CONTEXT = /^(create|close) (context|page)/i;

function columnOf(step: TestStep): Column {
  if (step.category === 'test.step') {
    const kind = step.title.split(':')[0]!.trim() as Column;
    return COLUMNS.includes(kind) ? kind : 'other';
  }
  if (step.category === 'expect') return 'wait';
  if (step.category === 'fixture' || step.category === 'hook') return 'fixture';
  if (step.category === 'pw:api') {
    if (PAGE_LOAD.test(step.title)) return 'page load';
    if (CONTEXT.test(step.title)) return 'context';
    if (API_CALL.test(step.title)) return 'api';
    return 'action';
  }
  return 'other';
}

interface Row {
  journey: string;
  status: string;
  ms: number;
  columns: Record<Column, number>;
}

export default class TimingReporter implements Reporter {
  private readonly rows: Row[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const columns = Object.fromEntries(COLUMNS.map((c) => [c, 0])) as Record<Column, number>;
    for (const step of result.steps) columns[columnOf(step)] += step.duration;
    const file = basename(test.location.file);
    this.rows.push({
      journey: `${file}:${test.location.line} ${test.title}`,
      status: result.retry > 0 ? `${result.status} (retry ${result.retry})` : result.status,
      ms: result.duration,
      columns,
    });
  }

  onEnd(result: FullResult): void {
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const rows = [...this.rows].sort((a, b) => b.ms - a.ms);
    const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const lines = [
      `Journeys: ${rows.length}, wall ${s(result.duration)} s, summed ${s(sum((r) => r.ms))} s`,
      '',
      `| journey | status | total s | ${COLUMNS.join(' | ')} |`,
      `|---|---|---:|${COLUMNS.map(() => '---:').join('|')}|`,
      ...rows.map(
        (row) =>
          `| ${row.journey} | ${row.status} | ${s(row.ms)} | ${COLUMNS.map((c) => s(row.columns[c])).join(' | ')} |`,
      ),
      `| **all** | | ${s(sum((r) => r.ms))} | ${COLUMNS.map((c) => s(sum((r) => r.columns[c]))).join(' | ')} |`,
      '',
    ];
    const output = process.env.E2E_TIMING_OUTPUT ?? join(ARTIFACTS_DIR, 'timing.md');
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, lines.join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
