/**
 * The upload rule (`x-file`) of SPEC.md sections 2 "File upload" and 5 (ext, mimes, image,
 * size, dimensions). An upload value is `{ name, size, type, width?, height? }` (size in
 * bytes, type the MIME type, width/height in pixels for images) or an array of them. A
 * string is the address of a file stored earlier and is not checked again.
 */
import { DEFAULT_FILE_TYPES, DEFAULT_IMAGE_TYPES, MULTI_UPLOAD_MAX_IMAGES } from '../limits';
import type { RuleResult } from '../rules';

export interface FileRule {
  /** 'file' (default: .pdf) or 'image' (default: .jpg .jpeg .png, up to 10 when multiple). */
  kind?: 'file' | 'image';
  /** Allowed extensions, with or without the dot, case-insensitive. */
  ext?: string[];
  /** Allowed MIME types; 'image/*' matches every image type. */
  mimes?: string[];
  /** Largest size in MB (1 MB = 1024 KB = 1048576 bytes). */
  maxMB?: number;
  /** Exact pixel width and height of an image. */
  width?: number;
  height?: number;
  /** Most files in a multiple upload (default 10 for images, none for files). */
  maxCount?: number;
}

export interface UploadValue {
  name?: unknown;
  size?: unknown;
  type?: unknown;
  width?: unknown;
  height?: unknown;
}

const BYTES_PER_MB = 1024 * 1024;

const dotted = (e: string) => (e.startsWith('.') ? e : `.${e}`).toLowerCase();

export function allowedExtensions(rule: FileRule): string[] {
  if (rule.ext?.length) return rule.ext.map(dotted);
  return [...(rule.kind === 'image' ? DEFAULT_IMAGE_TYPES : DEFAULT_FILE_TYPES)];
}

/** Most files allowed in an array value, or undefined for no limit. */
export function maxFileCount(rule: FileRule): number | undefined {
  return rule.maxCount ?? (rule.kind === 'image' ? MULTI_UPLOAD_MAX_IMAGES : undefined);
}

function extensionOf(name: string): string {
  const base = name.split(/[?#]/)[0];
  const dot = base.lastIndexOf('.');
  return dot > base.lastIndexOf('/') && dot >= 0 ? base.slice(dot).toLowerCase() : '';
}

function mimeMatches(type: string, allowed: string[]): boolean {
  const t = type.toLowerCase();
  return allowed.some((a) => {
    const p = a.toLowerCase();
    return p.endsWith('/*') ? t.startsWith(p.slice(0, -1)) : t === p;
  });
}

/**
 * The first failure of one upload, checked in the order image, ext, mimes, size, dimensions.
 * A value that is not an upload object answers 'invalid'.
 */
export function checkUpload(file: unknown, rule: FileRule): RuleResult {
  if (typeof file === 'string') return null;
  if (!file || typeof file !== 'object' || Array.isArray(file)) return { key: 'invalid' };
  const f = file as UploadValue;
  const name = typeof f.name === 'string' ? f.name : '';
  const type = typeof f.type === 'string' ? f.type : '';
  if (rule.kind === 'image' && type && !type.toLowerCase().startsWith('image/')) return { key: 'image' };
  if (!allowedExtensions(rule).includes(extensionOf(name))) return { key: 'ext' };
  if (rule.mimes?.length && !mimeMatches(type, rule.mimes)) return { key: 'mimes' };
  if (rule.maxMB !== undefined) {
    const size = Number(f.size);
    if (!Number.isFinite(size) || size > rule.maxMB * BYTES_PER_MB) return { key: 'size', params: { size: rule.maxMB * 1024 } };
  }
  if (rule.width !== undefined || rule.height !== undefined) {
    const width = Number(f.width);
    const height = Number(f.height);
    const wrongWidth = rule.width !== undefined && width !== rule.width;
    const wrongHeight = rule.height !== undefined && height !== rule.height;
    if (wrongWidth || wrongHeight) return { key: 'dimensions', params: { width: rule.width ?? width, height: rule.height ?? height } };
  }
  return null;
}
