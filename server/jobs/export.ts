/**
 * Writing export files from a job handler: rows streamed into the FileStore as csv, txt or
 * xlsx, never held in memory as a whole, progress reported as they go.
 *
 *   registerJobHandler(JobCategory.ExportPackages, async (job, ctx) => {
 *     const total = await countPackages(ctx.db, job.payload);
 *     await writeExport(ctx, {
 *       format: job.payload.format,               // 'csv' | 'txt' | 'xlsx'
 *       fileName: 'packages',                     // extension and time stamp added
 *       columns: [{ header: 'Code', key: 'code' }, { header: 'Created', value: (r) => fmt(r.created_at) }],
 *       rows: inBatches((after, limit) => ctx.db.selectFrom('x').selectAll()
 *         .where('tenant_id', '=', job.tenantId).$if(after !== null, (q) => q.where('id', '>', after!.id))
 *         .orderBy('id').limit(limit).execute()),
 *       total,
 *     });
 *   });
 *
 * PGlite has ONE connection: read the rows in batches (inBatches: each page is its own short
 * query, so API requests get the connection between pages); never hold a transaction or a
 * Kysely .stream() open for the whole export.
 *
 * Formula injection (CSV injection): a text cell starting with = + - @ (or a tab, a carriage
 * return, their full-width forms, or spaces before = + - @) is written with a leading
 * apostrophe in csv and txt, so a spreadsheet shows it as text instead of running it.
 * Numbers stay numbers. xlsx cells are typed strings, never formulas. A phone number in
 * E.164 (`+886912345678`, src/domain/phone.ts exportPhone, the one phone format of every
 * export) is only digits after the plus and runs nothing: it is written as is.
 *
 * Times (issue 23): every Date cell and the file name's stamp are wall-clock time in the
 * zone of the user who asked (the request's X-Time-Zone, kept in the job's payload by
 * queueExport: exportZoneOf), 'YYYY-MM-DD HH:mm:ss'; handlers pass Dates, never format times.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { isTimeZone, wallClockText } from '../../src/domain/datetime';
import { JobCategory } from '../../src/domain/enums';
import { DEFAULT_TIMEZONE_ID, timezoneById } from '../../src/domain/reference/timezones';
import { EXPORT_TYPES, newFileKey, type ExportType } from '../storage/index';
import type { JobContext } from './registry';

export type ExportFormat = ExportType;

export interface ExportColumn<R> {
  /** The header cell (already in the user's language). */
  header: string;
  /** Read `row[key]`... */
  key?: keyof R & string;
  /** ...or compute the cell. */
  value?: (row: R) => unknown;
  /** xlsx column width (characters). */
  width?: number;
}

export interface WriteExportOptions<R> {
  format: ExportFormat;
  /** Columns in order; a string is a key that is also the header. */
  columns: readonly (ExportColumn<R> | (keyof R & string))[];
  rows: AsyncIterable<R> | Iterable<R>;
  /**
   * The name offered to the browser. Without an extension: `<name>_<yyyyMMddHHmmss>.<format>`;
   * with one, used as is. Default: the job category's name.
   */
  fileName?: string;
  /** Rows expected: progress is reported from rows written / total. */
  total?: number;
  /** The progress range this file covers (default 0..99). */
  progressFrom?: number;
  progressTo?: number;
  /** Write the header row (default true). */
  header?: boolean;
  /** txt field separator (default tab). csv always uses commas. */
  separator?: string;
  /** Line end (default \r\n, what spreadsheets and Notepad expect). */
  eol?: string;
  /** UTF-8 byte order mark so Excel reads Chinese right (default: csv yes, txt no). */
  bom?: boolean;
  /** xlsx sheet name (default 'Sheet1'). */
  sheetName?: string;
}

export interface WrittenExport {
  key: string;
  name: string;
  format: ExportFormat;
  rows: number;
}

const FORMULA_START = /^(?:[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]|\s+[=+\-@])/;
const E164 = /^\+\d{4,15}$/;

/** A text cell made safe for spreadsheets (see the module comment). */
export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) && !E164.test(text) ? `'${text}` : text;
}

/** The zone exports of this time zone's user write times in (see the module comment). */
export const DEFAULT_EXPORT_ZONE = timezoneById(DEFAULT_TIMEZONE_ID)!.zone;

/** The zone of a job's export: its payload's `timeZone`, else DEFAULT_EXPORT_ZONE. */
export function exportZoneOf(job: { payload: unknown }): string {
  const zone = (job.payload as { timeZone?: unknown } | null)?.timeZone;
  return isTimeZone(zone) ? zone : DEFAULT_EXPORT_ZONE;
}

/** A value as cell text: strings neutralized, numbers and booleans as is, dates wall-clock in `zone`. */
export function cellText(value: unknown, zone = DEFAULT_EXPORT_ZONE): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeCell(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : wallClockText(value, zone);
  return neutralizeCell(JSON.stringify(value));
}

/** A value as an xlsx cell: strings (never formulas), numbers, booleans; dates as csv writes them. */
function xlsxCell(value: unknown, zone: string): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return cellText(value, zone);
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

const CATEGORY_NAMES = new Map<number, string>(Object.entries(JobCategory).map(([k, v]) => [v, k]));

/** The file name offered: no path parts or control characters, the format's extension, the time in `zone`. */
export function exportFileName(format: ExportFormat, base: string | undefined, category: number, at = new Date(), zone = DEFAULT_EXPORT_ZONE): string {
  // eslint-disable-next-line no-control-regex
  const clean = (base ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim().slice(0, 150);
  if (clean && new RegExp(`\\.${format}$`, 'i').test(clean)) return clean;
  const stem = clean || CATEGORY_NAMES.get(category) || `export${category}`;
  return `${stem}_${wallClockText(at, zone, 'YYYYMMDDHHmmss')}.${format}`;
}

/**
 * Keyset paging as a row stream: `fetchPage(lastRowOfPreviousPage | null, limit)` answers the
 * next page in a stable order (e.g. `where id > last.id order by id limit n`); stops at a
 * short page. Each page is a separate query.
 */
export async function* inBatches<R>(fetchPage: (after: R | null, limit: number) => Promise<readonly R[]>, batchSize = 1000): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    const page = await fetchPage(after, batchSize);
    for (const row of page) yield row;
    if (page.length < batchSize) return;
    after = page[page.length - 1];
  }
}

interface RowSink {
  /** Takes one row of raw values; a promise when the caller must wait (the stream is full). */
  row(values: unknown[]): Promise<void> | void;
  end(): Promise<void>;
  /** The bytes, for the store. */
  readable: NodeJS.ReadableStream & PassThrough;
  abort(err: Error): void;
}

async function write(stream: Writable, chunk: unknown): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * csv and txt rows are turned into text and written ROWS_PER_CHUNK at a time: one stream write
 * per row cost more than the rows themselves (an export of 1,000,000 codes spent most of its
 * time and garbage in the stream machinery).
 */
const ROWS_PER_CHUNK = 1000;

function csvSink(headers: string[] | null, opts: { eol: string; bom: boolean; zone: string }): RowSink {
  const out = new PassThrough();
  let pending: string[][] = headers ? [headers.map((h) => cellText(h))] : [];
  let first = true;
  // csv-stringify on each chunk; the BOM (if any) only before the first one, even when empty.
  const flush = (): Promise<void> => {
    const text = stringify(pending, { record_delimiter: opts.eol, bom: first && opts.bom });
    first = false;
    pending = [];
    return text ? write(out, text) : Promise.resolve();
  };
  return {
    readable: out,
    row(values) {
      pending.push(values.map((v) => cellText(v, opts.zone)));
      return pending.length >= ROWS_PER_CHUNK ? flush() : undefined;
    },
    async end() {
      if (pending.length || first) await flush();
      out.end();
    },
    abort(err) { out.destroy(err); },
  };
}

function txtSink(headers: string[] | null, opts: { eol: string; bom: boolean; separator: string; zone: string }): RowSink {
  const out = new PassThrough();
  // A separator or line break inside a value would shift columns: spaces instead.
  const field = (v: unknown) => cellText(v, opts.zone).replace(/[\r\n]+/g, ' ').split(opts.separator).join(' ');
  const line = (values: unknown[]) => values.map(field).join(opts.separator) + opts.eol;
  let text = opts.bom ? '\uFEFF' : '';
  let lines = 0;
  const flush = (): Promise<void> => {
    const chunk = text;
    text = '';
    lines = 0;
    return chunk ? write(out, chunk) : Promise.resolve();
  };
  if (headers) {
    text += line(headers);
    lines++;
  }
  return {
    readable: out,
    row(values) {
      text += line(values);
      return ++lines >= ROWS_PER_CHUNK ? flush() : undefined;
    },
    async end() { await flush(); out.end(); },
    abort(err) { out.destroy(err); },
  };
}

async function xlsxSink(headers: string[] | null, columns: { width?: number }[], sheetName: string, zone: string): Promise<RowSink> {
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ width: c.width ?? 20 }));
  if (headers) sheet.addRow(headers).commit();
  let n = 0;
  return {
    readable: out,
    async row(values) {
      sheet.addRow(values.map((v) => xlsxCell(v, zone))).commit();
      // The zip writer buffers; let it flush now and then.
      if (++n % 500 === 0 && out.writableNeedDrain) await once(out, 'drain');
    },
    async end() { sheet.commit(); await workbook.commit(); },
    abort(err) { out.destroy(err); },
  };
}

/**
 * Streams `rows` into a new file of the FileStore and attaches it to the job (the job's
 * report gets it when the handler returns). The file is deleted again if anything fails.
 */
export async function writeExport<R>(ctx: JobContext, options: WriteExportOptions<R>): Promise<WrittenExport> {
  const { format } = options;
  if (!(format in EXPORT_TYPES)) throw new Error(`unknown export format ${String(format)}`);
  const columns = options.columns.map((c) => (typeof c === 'string' ? { header: c, key: c } : c)) as ExportColumn<R>[];
  const headers = options.header === false ? null : columns.map((c) => c.header);
  const eol = options.eol ?? '\r\n';
  const zone = exportZoneOf(ctx.job);
  const sink = format === 'csv' ? csvSink(headers, { eol, bom: options.bom ?? true, zone })
    : format === 'txt' ? txtSink(headers, { eol, bom: options.bom ?? false, separator: options.separator ?? '\t', zone })
      : await xlsxSink(headers, columns, options.sheetName ?? 'Sheet1', zone);
  const key = newFileKey(format);
  const name = exportFileName(format, options.fileName, ctx.job.category, new Date(), zone);
  const from = options.progressFrom ?? 0;
  const to = options.progressTo ?? 99;
  const total = options.total && options.total > 0 ? options.total : null;
  const every = total ? Math.max(1, Math.floor(total / 100)) : 0;

  // Failures reach us through `stored` (or were ours): the stream's own 'error' must not go unheard
  // while the store is still opening its file.
  sink.readable.on('error', () => {});
  let storeError: unknown = null;
  const stored = ctx.store.put(key, sink.readable, { type: EXPORT_TYPES[format].mime });
  stored.catch((e) => { storeError = e; });
  let count = 0;
  try {
    for await (const row of options.rows as AsyncIterable<R>) {
      if (storeError) throw storeError;
      ctx.throwIfAborted();
      const r = row as Record<string, unknown>;
      const full = sink.row(columns.map((c) => (c.value ? c.value(row) : c.key ? r[c.key] : undefined)));
      if (full) await full;
      count++;
      if (total && count % every === 0) await ctx.reportProgress(from + ((to - from) * Math.min(count, total)) / total);
    }
    ctx.throwIfAborted();
    await sink.end();
    await stored;
  } catch (e) {
    sink.abort(e instanceof Error ? e : new Error(String(e)));
    await stored.catch(() => {});
    await ctx.store.delete(key).catch(() => {});
    throw e;
  }
  ctx.attachFile({ key, name });
  if (total) await ctx.reportProgress(to);
  return { key, name, format, rows: count };
}
