/**
 * Option items of selects (SPEC.md section 3 "Option items"): `{ value, label, simpleLabel?,
 * names?, deleted?, enable?, codePackageDeleted? }`, or grouped `{ groupName, groupItems }`.
 * Pure helpers shared by the select widgets and the list filters.
 */
import { pickName, type Lang, type Names } from './lang';
import { shownName } from './seedNames';

export interface OptionItem {
  value: string | number;
  label?: string;
  simpleLabel?: string;
  names?: Names;
  display?: string;
  description?: string;
  deleted?: boolean;
  enable?: boolean;
  codePackageDeleted?: boolean;
}

export interface OptionGroup {
  groupName: string | Names;
  groupItems: OptionItem[];
}

/** An option ready for a select. */
export interface SelectOption {
  value: string | number;
  label: string;
  group?: string;
  /** Deleted, disabled or its code package deleted: offered only when already chosen. */
  inactive: boolean;
  /** The item as the source answered it (its other fields, e.g. clientId, for `filterBy`). */
  item?: Record<string, unknown>;
}

/**
 * `ui:options.filterBy` of a select: which option field must equal which form field, e.g.
 * `"clientId"` (the same name on both sides) or `{ "clientId": "ownerId" }` (option field:
 * form field). A form field still empty filters nothing.
 */
export type FilterBy = string | Record<string, string>;

/** The option field / form value pairs a select's options must match now. */
export function dependentConditions(filterBy: unknown, formData: Record<string, unknown> | undefined): [string, unknown][] {
  const pairs: [string, string][] = typeof filterBy === 'string'
    ? [[filterBy, filterBy]]
    : isObject(filterBy) ? Object.entries(filterBy).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  return pairs
    .map(([optionField, formField]): [string, unknown] => [optionField, formData?.[formField]])
    .filter(([, v]) => v !== undefined && v !== null && v !== '');
}

/** The options whose item matches every condition. */
export function matchingOptions(options: readonly SelectOption[], conditions: readonly [string, unknown][]): SelectOption[] {
  if (conditions.length === 0) return options as SelectOption[];
  return options.filter((o) => conditions.every(([k, v]) => o.item?.[k] === v));
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The list inside a source answer: the answer itself, `answer[path]`, or its first list. */
export function sourceItems(answer: unknown, path?: string): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (!isObject(answer)) return [];
  if (path && Array.isArray(answer[path])) return answer[path] as unknown[];
  if (Array.isArray(answer.items)) return answer.items as unknown[];
  const first = Object.values(answer).find(Array.isArray);
  return (first as unknown[] | undefined) ?? [];
}

/** The label of an item in `lang`: its names (with the fallback order), else label, else the value. */
export function itemLabel(item: OptionItem, lang: Lang): string {
  return pickName(item.names, lang) || shownName(item.label, lang) || item.display || String(item.value);
}

/**
 * Records as option items (a source answering records, e.g. categories with their products):
 * an item without `value` takes its `id`; with `children` ('products'), each record is a group
 * named by its names whose children are the options.
 */
export function recordsAsOptions(items: readonly unknown[], children?: string): unknown[] {
  const asOption = (item: unknown) => (isObject(item) && item.value === undefined && (typeof item.id === 'number' || typeof item.id === 'string') ? { ...item, value: item.id } : item);
  if (!children) return items.map(asOption);
  return items.filter(isObject).map((group) => ({
    groupName: (group.names as Names | undefined) ?? String(group.label ?? group.id ?? ''),
    groupItems: (Array.isArray(group[children]) ? (group[children] as unknown[]) : []).map(asOption),
  }));
}

/** Flattens items and groups into select options, in source order. */
export function toSelectOptions(items: readonly unknown[], lang: Lang): SelectOption[] {
  const out: SelectOption[] = [];
  const add = (item: unknown, group?: string) => {
    if (isObject(item) && item.value === undefined && (typeof item.id === 'number' || typeof item.id === 'string')) item = { ...item, value: item.id };
    if (!isObject(item) || (typeof item.value !== 'number' && typeof item.value !== 'string')) return;
    const o = item as unknown as OptionItem;
    out.push({
      value: o.value,
      label: itemLabel(o, lang),
      ...(group !== undefined ? { group } : {}),
      inactive: o.deleted === true || o.enable === false || o.codePackageDeleted === true,
      item,
    });
  };
  for (const item of items) {
    if (isObject(item) && Array.isArray(item.groupItems)) {
      const name = item.groupName;
      const group = typeof name === 'string' ? name : isObject(name) ? pickName(name as Names, lang) : '';
      for (const child of item.groupItems) add(child, group);
    } else add(item);
  }
  return out;
}

/** Options a user may pick: inactive ones only when already chosen (SPEC.md section 5). */
export function visibleOptions(options: readonly SelectOption[], chosen: readonly unknown[]): SelectOption[] {
  return options.filter((o) => !o.inactive || chosen.includes(o.value));
}

/** The `GET path` of a source declaration ('GET system/role/options'); undefined otherwise. */
export function sourcePath(source: unknown): string | undefined {
  if (typeof source !== 'string') return undefined;
  const m = /^GET (\S+)$/.exec(source.trim());
  return m ? m[1] : undefined;
}
