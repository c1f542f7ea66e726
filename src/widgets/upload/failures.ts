/**
 * The upload-failed dialog (SPEC.md 8): its title ('upload failed', or 'upload failed image'
 * for images) and its message, for a check in the browser (the shared x-file rule) or a code
 * the server answered (101, 102, 103, 104, 201, 202). Pure: takes the translate function.
 */
import type { TFunction } from 'i18next';
import { ErrorCode } from '../../domain/errors';
import type { RuleResult } from '../../domain/rules';
import { megabytes, typesLabel, type WidgetUploadRule } from './rule';

export interface UploadFailure {
  title: string;
  message: string;
}

/** The codes whose failure is told in the upload dialog rather than the Fail modal. */
export const UPLOAD_CODES: readonly number[] = [
  ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.ImageCount, ErrorCode.NoImage, ErrorCode.FileFormat, ErrorCode.NoFile,
];

export function failureTitle(t: TFunction, rule: Pick<WidgetUploadRule, 'kind'>): string {
  return t(rule.kind === 'image' ? 'upload.failedImage' : 'upload.failed');
}

interface FileFacts {
  name: string;
  size: number;
  width?: number;
  height?: number;
}

/** The message for a failed browser check of one file. */
export function ruleFailureMessage(t: TFunction, result: NonNullable<RuleResult>, file: FileFacts, rule: WidgetUploadRule): string {
  switch (result.key) {
    case 'size':
      return t('upload.tooLarge', { name: file.name, size: megabytes(file.size), max: rule.maxMB });
    case 'dimensions':
      return t('upload.wrongDimensions', {
        name: file.name, width: file.width, height: file.height,
        requiredWidth: rule.width ?? file.width, requiredHeight: rule.height ?? file.height,
      });
    default:
      return t('upload.wrongType', { name: file.name, types: typesLabel(rule.ext) });
  }
}

export function tooManyMessage(t: TFunction, count: number): string {
  return t('upload.tooMany', { count });
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * The message for an upload code the server answered, from its data (falling back to what
 * the browser knows of the files); null for any other code.
 */
export function serverFailureMessage(t: TFunction, code: number | undefined, data: unknown, files: readonly FileFacts[], rule: WidgetUploadRule): string | null {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const file = files.find((f) => f.name === d.name) ?? (files.length === 1 ? files[0] : undefined);
  const name = str(d.name) ?? file?.name ?? '';
  switch (code) {
    case ErrorCode.ImageResolution:
      if (num(d.maxPixels) !== undefined) {
        return t('upload.tooManyPixels', { name, width: num(d.width), height: num(d.height), megapixels: num(d.maxPixels)! / 1_000_000 });
      }
      return t('upload.wrongDimensions', {
        name, width: num(d.width) ?? file?.width, height: num(d.height) ?? file?.height,
        requiredWidth: num(d.requiredWidth) ?? rule.width, requiredHeight: num(d.requiredHeight) ?? rule.height,
      });
    case ErrorCode.ImageSize:
      return t('upload.tooLarge', {
        name, size: file ? megabytes(file.size) : num(d.sizeMB), max: num(d.maxMB) ?? rule.maxMB,
      });
    case ErrorCode.FileFormat:
      return t('upload.wrongType', { name, types: typesLabel(Array.isArray(d.ext) ? d.ext.map(String) : rule.ext) });
    case ErrorCode.ImageCount:
      return tooManyMessage(t, num(d.maxCount) ?? rule.maxCount ?? files.length);
    case ErrorCode.NoImage:
    case ErrorCode.NoFile:
      return t('upload.noFile');
    default:
      return null;
  }
}
