/**
 * The rule of an `upload` widget: the schema's shared `x-file` rule, overridden by
 * `ui:options` (kind, maxMB, width, height, maxCount, ext, multiple), with the defaults of
 * SPEC.md that the server applies too (.pdf for files; .jpg/.jpeg/.png, 2 MB and at most 10
 * for images). Pure: no React, no DOM.
 */
import { IMAGE_MAX_MB } from '../../domain/limits';
import { allowedExtensions, maxFileCount, type FileRule } from '../../domain/validation/files';

export interface WidgetUploadRule extends FileRule {
  kind: 'file' | 'image';
  /** Dotted, lower case. */
  ext: string[];
  /** Several files: an array value. */
  multiple: boolean;
  /** Most files of the value (1 for a single upload). */
  maxCount?: number;
  /**
   * The upload call (default `Files`): `ui:options.endpoint`, e.g.
   * 'marketing/activity-template/files', which answers the array of urls.
   */
  endpoint?: string;
}

export type { UploadedFile } from '../../domain/api';

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

function extList(v: unknown): string[] | undefined {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : undefined;
  const clean = list?.map((e) => String(e).trim()).filter(Boolean);
  return clean?.length ? clean : undefined;
}

export function uploadRule(schema: Record<string, unknown>, options: Record<string, unknown>): WidgetUploadRule {
  const fromSchema = schema['x-file'] && typeof schema['x-file'] === 'object' ? (schema['x-file'] as FileRule) : {};
  const kind = options.kind === 'image' || options.kind === 'file' ? options.kind : fromSchema.kind === 'image' ? 'image' : 'file';
  const multiple = options.multiple === true || schema.type === 'array';
  const ext = allowedExtensions({ kind, ext: extList(options.ext) ?? fromSchema.ext });
  const maxMB = positive(options.maxMB) ?? fromSchema.maxMB ?? (kind === 'image' ? IMAGE_MAX_MB : undefined);
  const width = positive(options.width) ?? fromSchema.width;
  const height = positive(options.height) ?? fromSchema.height;
  const maxCount = multiple ? maxFileCount({ kind, maxCount: positive(options.maxCount) ?? fromSchema.maxCount }) : 1;
  const endpoint = typeof options.endpoint === 'string' && /^[A-Za-z][A-Za-z0-9/_-]*$/.test(options.endpoint) ? options.endpoint : undefined;
  return {
    kind, ext, multiple,
    ...(endpoint ? { endpoint } : {}),
    ...(fromSchema.mimes ? { mimes: fromSchema.mimes } : {}),
    ...(maxMB !== undefined ? { maxMB } : {}),
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
    ...(maxCount !== undefined ? { maxCount } : {}),
  };
}

/** The query of POST /v1/Files for this rule; `room` is how many more files the value takes. */
export function uploadQuery(rule: WidgetUploadRule, room?: number): Record<string, string | number> {
  const q: Record<string, string | number> = { kind: rule.kind, ext: rule.ext.join(',') };
  if (rule.maxMB !== undefined) q.maxMB = rule.maxMB;
  if (rule.width !== undefined) q.width = rule.width;
  if (rule.height !== undefined) q.height = rule.height;
  if (room !== undefined) q.maxCount = room;
  return q;
}

/** Size in MB with at most two decimals, rounded up like the server (2 MB + 1 byte is 2.01). */
export function megabytes(bytes: number): number {
  return Math.ceil((bytes / (1024 * 1024)) * 100) / 100;
}

/** '.jpg', '.png' -> 'JPG, PNG'. */
export function typesLabel(ext: readonly string[]): string {
  return ext.map((e) => e.replace(/^\./, '').toUpperCase()).join(', ');
}

/** The display name of a stored address (its last path segment) when the upload's name is unknown. */
export function nameOfUrl(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
