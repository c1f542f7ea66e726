/**
 * Sample data for the playground: rows made from a declaration's columns (and its form's
 * fields), one page of them answered like the server's list (sorted, filtered, paged), and the
 * engine environment's `fetch` that answers the screen's list and get calls from them. Nothing
 * the playground renders calls the server's list; other reads (the options of a select) pass
 * to the server as reads; writes are answered here and never sent. Pure but for `passThrough`.
 */
import type { Page } from '../../domain/api';
import { API_ROUTES, findApiRoute } from '../../domain/apiRoutes';
import { resolveSchema, type ColumnDeclaration, type ScreenDeclaration } from '../../domain/declarations';
import { ENUMS, FLAG_ENUMS, isEnumName } from '../../domain/enums';
import { LANGS } from '../../domain/lang';
import type { Method, QueryValue, RequestOptions } from '../api/client';
import { resolveCall } from '../crud/apiCall';

export type Row = Record<string, unknown>;
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

export const SAMPLE_ROWS = 23;
const DAY = 86_400_000;
/** A fixed clock, so the samples do not change while the product owner types. */
const BASE_TIME = Date.UTC(2026, 0, 15, 2, 30);

const enumValues = (name: string): (string | number)[] => (isEnumName(name) ? Object.values(ENUMS[name]) : []);

function sampleText(label: string, n: number, maxLength?: number): string {
  const text = `${label} ${n}`;
  return maxLength !== undefined && maxLength > 0 && text.length > maxLength ? text.slice(0, maxLength) : text;
}

/** A value a form field of this schema accepts, for sample row n (from 1). */
function sampleValue(schema: Node, label: string, n: number): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[(n - 1) % schema.enum.length];
  if (schema.default !== undefined && n === 1) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return n % 2 === 1;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1000;
      return Math.min(max, min + ((n * 7) % 50));
    }
    case 'array':
      return isNode(schema.items) && Array.isArray(schema.items.enum) && schema.items.enum.length ? [schema.items.enum[0]] : [];
    case 'object': {
      const props = isNode(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(props).map(([k, p]) => [k, isNode(p) ? sampleValue(p, `${label} ${k}`, n) : null]));
    }
    default:
      if (schema.format === 'email') return `sample${n}@example.com`;
      if (schema.format === 'date-time') return new Date(BASE_TIME - n * DAY).toISOString();
      if (schema.format === 'date') return new Date(BASE_TIME - n * DAY).toISOString().slice(0, 10);
      return sampleText(label, n, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
  }
}

/** The value of a list cell for sample row n (from 1). */
function cellValue(column: ColumnDeclaration, field: Node | undefined, label: string, n: number): unknown {
  if (column.enum) {
    const values = enumValues(column.enum);
    if (!values.length) return null;
    const v = values[(n - 1) % values.length];
    // A flag enum cell holds a sum of bits: two of them on every other row.
    return isEnumName(column.enum) && FLAG_ENUMS.includes(column.enum) && n % 2 === 0 && typeof v === 'number' ? v | (values[0] as number) : v;
  }
  switch (column.format) {
    case 'datetime':
      return new Date(BASE_TIME - n * DAY - n * 3_600_000).toISOString();
    case 'date':
      return new Date(BASE_TIME - n * DAY).toISOString().slice(0, 10);
    case 'boolean':
      return n % 3 !== 0;
    case 'number':
      return (n * 37) % 1000;
    case 'progress':
      return [100, 45, 0][(n - 1) % 3];
    case 'lang':
      return LANGS[(n - 1) % LANGS.length];
    case 'names':
      return { zh_TW: `${label} ${n}`, zh_CN: `${label} ${n}`, en: `${label} ${n}` };
    case 'list':
      return [`${label} ${n}`, `${label} ${n + 1}`];
    default:
      return field ? sampleValue(field, label, n) : sampleText(label, n);
  }
}

const formFields = (decl: ScreenDeclaration): Node => {
  const schema = decl.form?.schema ? resolveSchema(decl.form.schema) : undefined;
  return isNode(schema) && isNode(schema.properties) ? schema.properties : {};
};

/**
 * `count` rows of a declaration: every column filled after its format, enum or form field,
 * texts made of the column's label in the preview language; the row key counts from 1.
 */
export function sampleRows(decl: ScreenDeclaration, label: (key: string) => string, count = SAMPLE_ROWS): Row[] {
  const fields = formFields(decl);
  const rowKey = decl.rowKey ?? 'id';
  const columns = Array.isArray(decl.grid?.columns) ? decl.grid.columns : [];
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const row: Row = { [rowKey]: n };
    for (const c of columns) {
      if (!c || typeof c.key !== 'string') continue;
      const field = fields[c.key];
      row[c.key] = cellValue(c, isNode(field) ? field : undefined, typeof c.label === 'string' ? label(c.label) : c.key, n);
    }
    return row;
  });
}

/** The record of a row for view and edit: the row, and every form field the row lacks. */
export function sampleRecord(decl: ScreenDeclaration, row: Row, label: (key: string) => string): Row {
  const record: Row = { ...row };
  const n = typeof row[decl.rowKey ?? 'id'] === 'number' ? (row[decl.rowKey ?? 'id'] as number) : 1;
  for (const [key, field] of Object.entries(formFields(decl))) {
    if (record[key] === undefined && isNode(field)) record[key] = sampleValue(field, typeof field.title === 'string' ? label(field.title) : key, n);
  }
  return record;
}

const text = (v: unknown): string => (isNode(v) ? Object.values(v).join(' ') : Array.isArray(v) ? v.join(' ') : String(v ?? ''));

/** One page of rows as the list call answers it: filtered, sorted, paged. */
export function samplePage(rows: readonly Row[], query: Record<string, QueryValue> = {}): Page<Row> {
  const { page = 1, pageSize = 10, sort, order, ...filters } = query;
  let items = rows.filter((r) =>
    Object.entries(filters).every(([k, want]) => {
      if (want === undefined || want === null || want === '') return true;
      if (!(k in r)) return Object.values(r).some((v) => text(v).toLowerCase().includes(String(want).toLowerCase()));
      return Array.isArray(want) ? want.map(String).includes(String(r[k])) : text(r[k]).toLowerCase().includes(String(want).toLowerCase());
    }),
  );
  if (typeof sort === 'string') {
    const sign = order === 'desc' ? -1 : 1;
    items = [...items].sort((a, b) => {
      const x = a[sort];
      const y = b[sort];
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : text(x).localeCompare(text(y)));
    });
  }
  const size = Number(pageSize) || 10;
  const start = (Math.max(1, Number(page) || 1) - 1) * size;
  return { items: items.slice(start, start + size), total: items.length };
}

export type EnvFetch = <T = unknown>(method: Method, path: string, options?: RequestOptions) => Promise<T>;

/** Does a concrete path ('system/role/3') fill a call's pattern ('GET system/role/{id}')? */
function matches(call: string | undefined, method: Method, path: string): Record<string, string> | null {
  if (!call) return null;
  const m = /^(GET|POST|PUT|DELETE) (\S+)$/.exec(call.trim());
  if (!m || m[1] !== method) return null;
  const want = m[2].split('/');
  const have = path.split('?')[0].split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const p = /^\{(.+)\}$/.exec(want[i]);
    if (p) params[p[1]] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

/**
 * The playground's `fetch`: the declaration's list and get calls answer sample rows; any other
 * GET the server declares (option sources) goes to `passThrough` as a read; everything else
 * (writes) answers `{}` without leaving the browser.
 */
export function sampleFetch(decl: ScreenDeclaration, rows: readonly Row[], label: (key: string) => string, passThrough: EnvFetch): EnvFetch {
  const rowKey = decl.rowKey ?? 'id';
  return async <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> => {
    if (matches(decl.api?.list, method, path)) return samplePage(rows, options.query) as T;
    const get = matches(decl.api?.get, method, path);
    if (get) {
      const row = rows.find((r) => Object.entries(get).every(([k, v]) => String(r[k]) === v)) ?? rows[0] ?? { [rowKey]: 1 };
      return sampleRecord(decl, row, label) as T;
    }
    if (method === 'GET' && findApiRoute(API_ROUTES, `GET ${path.split('?')[0]}`)) return passThrough<T>(method, path, { ...options, silent: true });
    return {} as T;
  };
}

/** The concrete path of a declared call for a row (view, edit), or null when it cannot be filled. */
export function rowPath(call: string | undefined, row: Row): string | null {
  try {
    return call ? resolveCall(call, row).path : null;
  } catch {
    return null;
  }
}
