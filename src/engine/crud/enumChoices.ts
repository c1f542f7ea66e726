/** The values of a named enum (less excluded ones) with their i18n keys; no validator needed. */
import { ENUMS, isEnumName } from '../../domain/enums';

export function enumChoices(name: string, exclude: readonly unknown[] = []): { value: string | number; key: string }[] {
  if (!isEnumName(name)) return [];
  return Object.values(ENUMS[name])
    .filter((v) => !exclude.includes(v))
    .map((value) => ({ value, key: `enums.${name}.${String(value)}` }));
}
