/** Field errors (FieldErrors: path -> {key, params}) as localized helper texts. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/api';

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** (errors, path) -> the localized message of that field, or undefined. */
export function useFieldErrorText(): (errors: FieldErrors, path: string) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (errors: FieldErrors, path: string) => {
      const e = errors[path];
      if (!e) return undefined;
      return String(t(`validation.${e.key}`, { ...(e.params ?? {}), defaultValue: t('validation.invalid', { defaultValue: e.key }) }));
    },
    [t],
  );
}

/** Without the entry of `path` (the field was edited). */
export function withoutError(errors: FieldErrors, ...paths: string[]): FieldErrors {
  if (!paths.some((p) => p in errors)) return errors;
  const next = { ...errors };
  for (const p of paths) delete next[p];
  return next;
}
