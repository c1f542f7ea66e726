/**
 * The CSV reader of the imports (RFC 4180, csv-parse): fields separated by commas, records by
 * CRLF or LF (a lone CR too), fields may be quoted with `"`, a quote inside a quoted field is
 * doubled, quoted fields may hold commas and line breaks. A leading UTF-8 BOM is dropped (Excel
 * writes one). Blank records are skipped but counted, so every record keeps its line number in
 * the file (for error reports). Pure: used by the server's imports and testable in the browser.
 */
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * Why the bytes of an uploaded CSV are not CSV text: not UTF-8 (`encoding`), or a NUL byte
 * (`nul`: a binary file or a UTF-16 one, and PostgreSQL text cannot hold NUL), with the
 * 1-based line where it happens. Imports refuse such a file as a whole rather than strip
 * (docs/decisions.md, issue 23 "CSV bytes").
 */
export interface CsvTextFault {
  fault: 'encoding' | 'nul';
  line: number;
}

const lineAt = (text: string, index: number) => (text.slice(0, index).match(/\r\n|\n|\r/g)?.length ?? 0) + 1;

/** The text of a CSV file's bytes (UTF-8, a BOM kept for parseCsv to drop), or why it is none. */
export function csvText(bytes: Uint8Array): { text: string } | CsvTextFault {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const lenient = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return { fault: 'encoding', line: lineAt(lenient, Math.max(0, lenient.indexOf('\ufffd'))) };
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { fault: 'nul', line: lineAt(text, nul) };
  return { text };
}

/** Line breaks inside a record's fields (a quoted field may hold them). */
const breaksIn = (fields: string[]) => fields.reduce((n, f) => n + (f.match(/\r\n|\n|\r/g)?.length ?? 0), 0);

/** The records of `text`; throws CsvSyntaxError on an unterminated quote or a stray quote. */
export function parseCsv(text: string): CsvRecord[] {
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // CRLF, LF and a lone CR in the same file (csv-parse would otherwise keep the first it meets).
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line where the record ends; it starts as many lines earlier as its fields break.
    return records.map(({ record, info }) => ({ line: info.lines - breaksIn(record), fields: record }));
  } catch (e) {
    if (e instanceof CsvError) throw new CsvSyntaxError((e as CsvError & { lines?: number }).lines ?? 1, e.message);
    throw e;
  }
}
