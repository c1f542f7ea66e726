/**
 * Job category Test (999): exercises the machinery end to end (POST /v1/Job, tests, e2e).
 * Writes a csv (or txt/xlsx) of `rows` rows whose first rows carry formula-looking text;
 * `fail` makes it end in Error half-way with a message; `delayMs` sleeps after each tenth of
 * the rows so progress can be watched.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { JobCategory } from '../../src/domain/enums';
import { writeExport, type ExportFormat } from './export';
import { JobFailure, registerJobHandler } from './registry';

export interface TestJobPayload {
  rows: number;
  fail?: boolean;
  delayMs?: number;
  format?: ExportFormat;
}

export const TEST_JOB_MAX_ROWS = 100_000;
export const TEST_JOB_MAX_DELAY_MS = 5_000;
export const TEST_JOB_FAILURE = 'Test job failed on purpose (fail=1).';

/** Cells a spreadsheet would run as formulas if written as they are. */
export const FORMULA_SAMPLES = ['=1+1', '+SUM(1,2)', '-2+3', '@cmd', '=HYPERLINK("http://example.com","x")'];

export function registerTestJob(): void {
  registerJobHandler<TestJobPayload>(JobCategory.Test, async (job, ctx) => {
    const rows = Math.max(0, Math.min(TEST_JOB_MAX_ROWS, Math.floor(job.payload.rows ?? 0)));
    const delayMs = Math.max(0, Math.min(TEST_JOB_MAX_DELAY_MS, job.payload.delayMs ?? 0));
    const step = Math.max(1, Math.ceil(rows / 10));
    async function* generate() {
      for (let i = 1; i <= rows; i++) {
        if (job.payload.fail && i > rows / 2) throw new JobFailure(TEST_JOB_FAILURE);
        yield { no: i, text: FORMULA_SAMPLES[i - 1] ?? `row ${i}`, amount: i % 7 === 0 ? -i : i };
        if (i % step === 0 && delayMs) {
          await ctx.reportProgress((i / rows) * 99);
          await sleep(delayMs, undefined, { signal: ctx.signal });
        }
      }
      if (job.payload.fail) throw new JobFailure(TEST_JOB_FAILURE);
    }
    await writeExport(ctx, {
      format: job.payload.format ?? 'csv',
      fileName: 'test',
      columns: [{ header: 'No', key: 'no' }, { header: 'Text', key: 'text' }, { header: 'Amount', key: 'amount' }],
      rows: generate(),
      total: rows,
    });
  });
}
