/**
 * A small RFC 4180 CSV reader (no CSV parsing library is in package.json; csv-stringify only
 * writes). Fields separated by commas, records by CRLF or LF (a lone CR too), fields may be
 * quoted with `"`, a quote inside a quoted field is doubled, quoted fields may hold commas and
 * line breaks. A leading UTF-8 BOM is dropped (Excel writes one). Blank records are skipped
 * but counted, so every record keeps its line number in the file (for error reports).
 * Pure: used by the server's imports and testable in the browser.
 */

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

/** The records of `text`; throws CsvSyntaxError on an unterminated quote or text after a closing quote. */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  const n = src.length;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !wasQuoted)) out.push({ line: start, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };
  while (i < n) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false;
        i++;
        const next = src[i];
        if (i < n && next !== ',' && next !== '\n' && next !== '\r') throw new CsvSyntaxError(line, 'text after a closing quote');
        continue;
      }
      if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') { quoted = true; wasQuoted = true; i++; continue; }
    if (c === ',') { fields.push(field); field = ''; wasQuoted = false; i++; continue; }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      start = line;
      continue;
    }
    if (c === '"') throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
    field += c;
    i++;
  }
  if (quoted) throw new CsvSyntaxError(start, 'unterminated quoted field');
  if (field !== '' || fields.length || wasQuoted) endRecord();
  return out;
}
