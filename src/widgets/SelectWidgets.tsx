/**
 * `select` and `multiSelect`: searchable MUI Autocomplete. Options come from the schema's enum
 * (labels from `ui:enumNames`) or from a source (`x-options` of the schema or
 * `ui:options.source`), may be grouped ({groupName, groupItems}), and items deleted or
 * disabled are offered only when already chosen, and `ui:options.filterBy` keeps the options
 * of the chosen value of another field (materials of the chosen client). An empty search says
 * 'no match data'.
 * The input's name is the field path.
 */
import { useEffect, useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { fieldInputProps, useAutocompleteBase } from './fieldProps';
import { dependentConditions, matchingOptions, visibleOptions, type SelectOption } from '../domain/options';
import { allowedForTenant, useTenantType } from './tenantOptions';
import { grantableOptions, useCallerRole } from './callerGrants';
import { useEmptyHint } from './emptyLink';
import { pickName, type Names } from '../domain/lang';
import { useWidgetEnv, type WidgetFormContext } from './env';

type Schema = Record<string, unknown>;

/** Options of an enum schema (or of its items for a list): values with their ui:enumNames labels. */
export function enumSelectOptions(schema: Schema, enumNames: unknown): SelectOption[] | null {
  const items = schema.type === 'array' && schema.items && typeof schema.items === 'object' ? (schema.items as Schema) : schema;
  if (!Array.isArray(items.enum)) return null;
  const names = Array.isArray(enumNames) ? enumNames : [];
  return (items.enum as (string | number)[]).map((value, i) => ({ value, label: String(names[i] ?? value), inactive: false }));
}

/** The options of a select field: its enum, else its source. */
export function useFieldOptions(schema: Schema, options: Record<string, unknown>): { options: SelectOption[]; loading: boolean } {
  const fromEnum = useMemo(() => enumSelectOptions(schema, options.enumNames), [schema, options.enumNames]);
  const source = fromEnum ? undefined : (schema['x-options'] ?? options.source ?? (schema.items as Schema | undefined)?.['x-options']);
  const loaded = useWidgetEnv().useOptionSource(source, undefined, typeof options.optionChildren === 'string' ? options.optionChildren : undefined);
  return fromEnum ? { options: fromEnum, loading: false } : { options: loaded.options, loading: loaded.loading };
}

const filter = createFilterOptions<SelectOption>({ stringify: (o) => `${o.label} ${o.group ?? ''}` });
const sameOption = (a: SelectOption, b: SelectOption) => a.value === b.value;
const optionLabel = (o: SelectOption) => o.label;
const optionKey = (o: SelectOption) => String(o.value);
const optionGroup = (o: SelectOption) => o.group ?? '';

/**
 * Placeholders for chosen values the options do not (yet) hold, so nothing chosen is lost;
 * `stored` is the record's own label of the chosen value (`x-labelField`), shown at once.
 */
function withChosen(options: SelectOption[], chosen: unknown[], stored?: string): SelectOption[] {
  const missing = chosen.filter((v) => (typeof v === 'number' || typeof v === 'string') && !options.some((o) => o.value === v));
  const label = (v: unknown) => (stored && chosen.length === 1 ? stored : String(v));
  return missing.length ? [...options, ...missing.map((v) => ({ value: v as string | number, label: label(v), inactive: true }))] : options;
}

/** The record's stored label of a select's value (`x-labelField` of its schema): text or names. */
function useStoredLabel(props: WidgetProps): string | undefined {
  const lang = useWidgetEnv().useLang();
  const field = (props.schema as Schema)['x-labelField'];
  if (typeof field !== 'string') return undefined;
  const formData = (props.registry?.formContext as WidgetFormContext | undefined)?.formData;
  const v = formData?.[field];
  if (typeof v === 'string') return v || undefined;
  return v && typeof v === 'object' ? pickName(v as Names, lang) || undefined : undefined;
}

/**
 * Options that depend on another field (`ui:options.filterBy`, e.g. a material of the chosen
 * client): only the matching ones are offered, and chosen values the new choice no longer
 * allows are dropped (a value the source does not hold at all is kept, as everywhere).
 */
function useDependentOptions(props: WidgetProps, all: SelectOption[], loading: boolean, chosen: unknown[]): SelectOption[] {
  const formData = (props.registry?.formContext as WidgetFormContext | undefined)?.formData;
  const conditions = dependentConditions((props.options as Record<string, unknown>).filterBy, formData);
  const key = JSON.stringify(conditions);
  const matching = useMemo(() => matchingOptions(all, conditions), [all, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const stale = loading || props.readonly || props.disabled ? [] : chosen.filter((v) => all.some((o) => o.value === v) && !matching.some((o) => o.value === v));
  const staleKey = stale.join('\u0000');
  useEffect(() => {
    if (!staleKey) return;
    if (Array.isArray(props.value)) props.onChange(props.value.filter((v: unknown) => !stale.includes(v)));
    else props.onChange(props.options.emptyValue);
  }, [staleKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return matching;
}

function useSelectModel(props: WidgetProps, multiple: boolean) {
  const { options: loaded, loading } = useFieldOptions(props.schema as Schema, props.options as Record<string, unknown>);
  const tenantType = useTenantType();
  const chosen: unknown[] = multiple ? (Array.isArray(props.value) ? props.value : []) : props.value === undefined || props.value === null || props.value === '' ? [] : [props.value];
  const all = useDependentOptions(props, loaded, loading, chosen);
  const stored = useStoredLabel(props);
  const role = useCallerRole(props.options as Record<string, unknown>);
  // While the options load, a chosen value shows its stored label at once (refined when they arrive).
  const options = useMemo(
    () => {
      const ui = props.options as Record<string, unknown>;
      const offered = grantableOptions(allowedForTenant(visibleOptions(all, chosen), ui, tenantType, chosen), ui, role, chosen);
      return withChosen(offered, loading && !stored ? [] : chosen, stored);
    },
    [all, chosen.join('\u0000'), loading, tenantType, props.options, stored, role], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const grouped = options.some((o) => o.group !== undefined);
  // Nothing to offer: say where the options are created (ui:options.emptyLink).
  const empty = !loading && options.length === 0;
  const hint = useEmptyHint(props.options as Record<string, unknown>, empty, !props.readonly && !props.disabled);
  return { options, loading, chosen, grouped, empty, hint };
}

function useCommon(props: WidgetProps) {
  return {
    ...useAutocompleteBase(props),
    filterOptions: filter,
    isOptionEqualToValue: sameOption,
    getOptionLabel: optionLabel,
    getOptionKey: optionKey,
  };
}

function textField(props: WidgetProps, params: object) {
  return <TextField {...params} {...fieldInputProps(props)} placeholder={props.placeholder} />;
}

export function SelectWidget(props: WidgetProps) {
  const { options, loading, chosen, grouped, empty, hint } = useSelectModel(props, false);
  const value = options.find((o) => o.value === chosen[0]) ?? null;
  return (
    <>
      <Autocomplete<SelectOption, false>
        {...useCommon(props)}
        {...(empty ? { noOptionsText: hint.noOptions } : {})}
        id={props.id}
        options={options}
        value={value}
        loading={loading}
        groupBy={grouped ? optionGroup : undefined}
        getOptionDisabled={(o) => o.inactive && o.value !== value?.value}
        onChange={(_e, o) => props.onChange(o ? o.value : props.options.emptyValue)}
        renderInput={(params) => textField(props, params)}
      />
      {hint.helper}
    </>
  );
}

export function MultiSelectWidget(props: WidgetProps) {
  const { options, loading, chosen, grouped, empty, hint } = useSelectModel(props, true);
  const value = chosen.map((v) => options.find((o) => o.value === v)).filter((o): o is SelectOption => !!o);
  return (
    <>
      <Autocomplete<SelectOption, true>
        {...useCommon(props)}
        {...(empty ? { noOptionsText: hint.noOptions } : {})}
        id={props.id}
        multiple
        disableCloseOnSelect
        options={options}
        value={value}
        loading={loading}
        groupBy={grouped ? optionGroup : undefined}
        getOptionDisabled={(o) => o.inactive && !chosen.includes(o.value)}
        onChange={(_e, os) => props.onChange(os.map((o) => o.value))}
        renderValue={(selected, getItemProps) =>
          selected.map((o, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={o.label} {...itemProps} />;
          })
        }
        renderInput={(params) => textField(props, params)}
      />
      {hint.helper}
    </>
  );
}
