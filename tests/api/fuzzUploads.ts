/**
 * Generators of the fuzz suite's uploads (fuzz-uploads.test.ts): hostile multipart/form-data
 * bodies for every multipart route of the OpenAPI document, and hostile CSV files for every
 * CSV import.
 *
 * Multipart: parts with the route's own names, other names and hostile ones (prototype paths,
 * NUL, 300 characters), files where text is expected and text where a file is, file names
 * with NUL or path separators, empty files, files over the route's limit and over the
 * server's, then the body as a whole broken: cut at any byte, the closing boundary missing,
 * LF line ends, a boundary that is not the header's, no boundary at all.
 * CSV: the route's columns with cells that fit and cells that do not (NUL, bytes that are not
 * UTF-8, UTF-16 with its BOM, stray and unterminated quotes, 100,000-character lines), joined
 * by CRLF, LF or CR alone.
 */
import fc from 'fast-check';
import { png } from '../support/png';
import type { FuzzRequest } from './fuzz';

type Schema = Record<string, any>;

export interface MultipartRoute {
  method: string;
  url: string;
  summary: string;
  /** Names of the body's properties in the document (file fields included). */
  fields: string[];
  /** The CSV import's columns, when the route imports a CSV file (part `file`). */
  csv?: string[];
}

/** The CSV imports: their columns (a multipart route whose summary says CSV must be listed). */
export const CSV_IMPORTS: Record<string, string[]> = {
  'POST /v1/member/order/batch': ['orderNo', 'status', 'timezone'],
  'POST /v1/marketing/lottery-activity/serial-number': ['serial'],
};

/** Every route of the OpenAPI document that takes multipart/form-data. */
export function multipartRoutes(doc: { paths?: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } }): MultipartRoute[] {
  // Bodies are named components (server/docsContract.ts): `{ $ref }` -> the component.
  const named = (schema: Schema | undefined) => (typeof schema?.$ref === 'string' ? doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema);
  const out: MultipartRoute[] = [];
  for (const [p, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const content = op?.requestBody?.content as Record<string, Schema> | undefined;
      if (!content?.['multipart/form-data']) continue;
      const schema = named(content['multipart/form-data'].schema) ?? {};
      const url = p.replace(/\{([^}]+)\}/g, ':$1');
      const key = `${method.toUpperCase()} ${url}`;
      out.push({ method: method.toUpperCase(), url, summary: String(op.summary ?? ''), fields: Object.keys(schema.properties ?? {}), ...(CSV_IMPORTS[key] ? { csv: CSV_IMPORTS[key] } : {}) });
    }
  }
  return out;
}

// --- CSV --------------------------------------------------------------------------------

const enc = (s: string) => Buffer.from(s, 'utf8');

/** Cells that are not text a CSV reader takes as is. */
const HOSTILE_CELLS: Buffer[] = [
  enc('a\u0000b'), enc('\u0000'), Buffer.from([0xff, 0xfe]), Buffer.from([0xc3, 0x28]), Buffer.from([0xe9]), Buffer.from([0xed, 0xa0, 0x80]),
  enc('"'), enc('"unterminated'), enc('"a""b"'), enc('"a"b'), enc('a"b'), enc('"a,b\r\nc"'), enc('x'.repeat(100_000)),
  enc(''), enc(' '), enc('\ufeff'), enc("' or 1=1 --"), enc('=cmd|/c calc!A1'), enc('%_\\'), enc('-1'), enc('99999999999'),
];

/** Cells that fit a column, so that rows reach the database. */
function fittingCell(column: string, known: string[]): fc.Arbitrary<string> {
  switch (column) {
    case 'orderNo': return known.length ? fc.constantFrom(...known, 'M000000-NOPE22') : fc.string({ maxLength: 16 });
    case 'status': return fc.constantFrom('1', '2', '3', '4', 'Shipped', 'Canceled', '備貨中', 'Lost', '');
    case 'timezone': return fc.constantFrom('', 'Asia/Taipei', '103', 'Mars/Olympus', 'US/Pacific-New');
    default: return fc.string({ unit: 'grapheme-ascii', minLength: 0, maxLength: 12 });
  }
}

const cell = (column: string, known: string[]): fc.Arbitrary<Buffer> => fc.oneof(
  { weight: 4, arbitrary: fittingCell(column, known).map(enc) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_CELLS) },
);

/** CSV files with `columns` (a header row most of the time): bytes. `known`: real order numbers. */
export function csvFile(columns: string[], known: string[] = []): fc.Arbitrary<Buffer> {
  const row = fc.tuple(...columns.map((c) => cell(c, known)));
  return fc.record({
    bom: fc.constantFrom(Buffer.alloc(0), enc('\ufeff'), Buffer.from([0xff, 0xfe])),
    header: fc.constantFrom(true, true, true, false),
    eol: fc.constantFrom('\r\n', '\n', '\r'),
    rows: fc.array(row, { maxLength: 6 }),
    utf16: fc.constantFrom(false, false, false, false, true),
  }).map(({ bom, header, eol, rows, utf16 }) => {
    const lines = [...(header ? [columns.map(enc)] : []), ...rows];
    const body = Buffer.concat(lines.flatMap((cells, i) => [...(i ? [enc(eol)] : []), Buffer.concat(cells.flatMap((c, j) => (j ? [enc(','), c] : [c])))]));
    // UTF-16 as Excel's "Unicode text" writes it: every character two bytes.
    return utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body.toString('utf8'), 'utf16le')]) : Buffer.concat([bom, body]);
  });
}

// --- Multipart --------------------------------------------------------------------------

const IMAGE = Buffer.from(png(600, 150));
const SMALL_IMAGE = Buffer.from(png(220, 220));
/** Over every route's own limit (images 2 MB) and over the fuzz app's server limit (see the test). */
export const FUZZ_UPLOAD_MAX_MB = 3;
const OVER_ROUTE = Buffer.alloc(2 * 1024 * 1024 + 10, 0x41);
const OVER_SERVER = Buffer.alloc(FUZZ_UPLOAD_MAX_MB * 1024 * 1024 + 10, 0x42);

const FILE_NAMES = ['a.png', 'a.jpg', 'a.csv', 'a.txt', 'a.pdf', '', 'a', '../../etc/passwd.png', 'a\u0000.png', `${'x'.repeat(300)}.png`, '名.csv', 'a.PNG', 'a.exe'];
const PART_TYPES = ['image/png', 'text/csv', 'application/octet-stream', 'text/plain', '', 'multipart/mixed; boundary=zz'];
const HOSTILE_NAMES = ['', '__proto__', '__proto__.polluted', 'constructor.prototype.x', 'a\u0000b', 'x'.repeat(300), 'images.__proto__', 'names.zh_TW', 'file[]', 'Files'];

interface Part { name: string; file?: { filename: string; type: string; bytes: Buffer }; text?: string }

const partArb = (route: MultipartRoute, fileBytes: fc.Arbitrary<Buffer>): fc.Arbitrary<Part> => {
  const names = [...new Set([...route.fields, 'file', 'Files', 'image', 'images.small', 'images.large', 'kind', 'maxMB', 'productId'])];
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NAMES) });
  const text = fc.oneof(fc.constantFrom('1', '0', '-1', '1e309', '99999999999', 'image', 'file', '{"en":"x"}', '[]', '', 'a\u0000b', 'x'.repeat(70_000)), fc.string({ maxLength: 20 }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ name, file: fc.record({ filename: fc.constantFrom(...FILE_NAMES), type: fc.constantFrom(...PART_TYPES), bytes: fileBytes }) }) },
    { weight: 2, arbitrary: fc.record({ name, text }) },
  );
};

const crlf = '\r\n';
/** The parts as bytes (quotes in names escaped as browsers do). */
function encodeParts(parts: Part[], boundary: string, eol = crlf, close = true): Buffer {
  const q = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${q(p.name)}"${p.file ? `; filename="${q(p.file.filename)}"` : ''}`;
    const type = p.file?.type ? `${eol}Content-Type: ${p.file.type}` : '';
    chunks.push(enc(`--${boundary}${eol}${disposition}${type}${eol}${eol}`), p.file ? p.file.bytes : enc(p.text ?? ''), enc(eol));
  }
  if (close) chunks.push(enc(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

/** How the body as a whole is broken (or not). */
type Shape = { kind: 'whole' } | { kind: 'cut'; at: number } | { kind: 'unclosed' } | { kind: 'lf' } | { kind: 'otherBoundary' } | { kind: 'noBoundary' } | { kind: 'empty' };

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'whole' as const }) },
  { weight: 3, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'cut' as const, at })) },
  { weight: 1, arbitrary: fc.constantFrom<Shape>({ kind: 'unclosed' }, { kind: 'lf' }, { kind: 'otherBoundary' }, { kind: 'noBoundary' }, { kind: 'empty' }) },
);

export interface UploadRequest extends FuzzRequest { payload: string | Buffer }

function requestOf(route: MultipartRoute, url: string, parts: Part[], shape: Shape): UploadRequest {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  let body: Buffer;
  let type = `multipart/form-data; boundary=${boundary}`;
  switch (shape.kind) {
    case 'cut': { const whole = encodeParts(parts, boundary); body = whole.subarray(0, Math.floor(whole.length * shape.at)); break; }
    case 'unclosed': body = encodeParts(parts, boundary, crlf, false); break;
    case 'lf': body = encodeParts(parts, boundary, '\n'); break;
    case 'otherBoundary': body = encodeParts(parts, 'somethingElse'); break;
    case 'noBoundary': body = encodeParts(parts, boundary); type = 'multipart/form-data'; break;
    case 'empty': body = Buffer.alloc(0); break;
    default: body = encodeParts(parts, boundary);
  }
  return { method: route.method, url, headers: { 'content-type': type }, payload: body };
}

/** Hostile multipart requests for a route (`url`: its path with parameters filled in). */
export function multipartRequest(route: MultipartRoute, url: string, known: string[] = []): fc.Arbitrary<UploadRequest> {
  const fileBytes = fc.oneof(
    { weight: 3, arbitrary: route.csv ? csvFile(route.csv, known) : fc.constantFrom(IMAGE, SMALL_IMAGE) },
    { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), enc('not an image'), enc('a\u0000b'), IMAGE.subarray(0, 40)) },
    // Rare: each is megabytes.
    { weight: 1, arbitrary: fc.constantFrom(OVER_ROUTE, OVER_SERVER, IMAGE) },
  );
  return fc.tuple(fc.array(partArb(route, fileBytes), { minLength: 0, maxLength: 4 }), shapeArb)
    .map(([parts, shape]) => requestOf(route, url, parts, shape));
}

/** A well-formed upload of one CSV file (part `file`, `name`): the CSV reaches the import. */
export function csvRequest(route: MultipartRoute, url: string, known: string[] = []): fc.Arbitrary<UploadRequest> {
  return fc.tuple(csvFile(route.csv ?? ['value'], known), fc.constantFrom('a.csv', 'a.txt', 'A.CSV'))
    .map(([bytes, filename]) => requestOf(route, url, [{ name: 'file', file: { filename, type: 'text/csv', bytes } }], { kind: 'whole' }));
}

/** The fixed cases every multipart route gets: each body shape with a file part of each field name. */
export function fixedUploads(route: MultipartRoute, url: string): UploadRequest[] {
  const out: UploadRequest[] = [];
  const names = [...new Set([...route.fields, 'file', 'Files', 'image', 'images.small'])];
  const shapes: Shape[] = [{ kind: 'whole' }, { kind: 'cut', at: 0.5 }, { kind: 'cut', at: 0.99 }, { kind: 'unclosed' }, { kind: 'lf' }, { kind: 'otherBoundary' }, { kind: 'noBoundary' }, { kind: 'empty' }];
  for (const name of names) {
    const bytes = route.csv ? enc(`${route.csv.join(',')}\r\nA\u0000B,1\r\n`) : IMAGE;
    for (const shape of shapes) out.push(requestOf(route, url, [{ name, file: { filename: route.csv ? 'a.csv' : 'a.png', type: route.csv ? 'text/csv' : 'image/png', bytes } }], shape));
    out.push(requestOf(route, url, [{ name, file: { filename: 'big.png', type: 'image/png', bytes: OVER_SERVER } }], { kind: 'whole' }));
    out.push(requestOf(route, url, [{ name, text: 'not a file' }], { kind: 'whole' }));
  }
  return out;
}
