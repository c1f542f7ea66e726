/**
 * Selects over the tenant config's reference lists (SPEC.md section 3 "Config"):
 *  - `country`: the countries (top-level locations), priority countries first (TW, CN, ...),
 *    value the location id;
 *  - `timezone`: timezoneInfo as '(UTC+08:00) Taipei', by offset, value the timezone id;
 *  - `currency`: the currencies as 'TWD New Taiwan Dollar', value the ISO 4217 code.
 * Searchable; an empty search says 'no match data'. The input's name is the field path.
 */
import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { ReferenceLists } from '../domain/api';
import { pickName, type Lang } from '../domain/lang';
import { sortByCountryPriority } from '../domain/reference/dialCodes';
import { fieldInputProps, useAutocompleteBase } from './fieldProps';
import { useWidgetEnv } from './env';

interface Choice {
  value: number | string;
  label: string;
  search: string;
}

/** '(UTC+08:00)' for an offset in minutes. */
export function utcOffsetLabel(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `(UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')})`;
}

export function countryChoices(config: Pick<ReferenceLists, 'locations'> | undefined, lang: Lang): Choice[] {
  const countries = (config?.locations ?? []).filter((l) => l.parentId === null).map((l) => ({ ...l, countryCode: l.name }));
  return sortByCountryPriority(countries, lang).map((l) => ({
    value: l.id,
    label: pickName(l.names, lang) || l.name,
    search: `${l.name} ${l.names.zh_TW} ${l.names.zh_CN} ${l.names.en}`,
  }));
}

export function timezoneChoices(config: Pick<ReferenceLists, 'timezoneInfo'> | undefined, lang: Lang): Choice[] {
  return [...(config?.timezoneInfo ?? [])]
    .sort((a, b) => a.offset - b.offset || a.id - b.id)
    .map((z) => {
      const offset = utcOffsetLabel(z.offset);
      const name = pickName(z.names, lang) || z.zone;
      // The config's names may carry the offset already ('(UTC+08:00) Taipei').
      return { z, offset, label: name.startsWith('(UTC') ? name : `${offset} ${name}` };
    })
    .map(({ z, offset, label }) => ({
      value: z.id,
      label,
      search: `${z.zone} ${z.names.zh_TW} ${z.names.zh_CN} ${z.names.en} ${offset}`,
    }));
}

export function currencyChoices(config: Pick<ReferenceLists, 'currencies'> | undefined, lang: Lang): Choice[] {
  return (config?.currencies ?? []).map((c) => ({
    value: c.code,
    label: `${c.code} ${pickName(c.names, lang)}`.trim(),
    search: `${c.code} ${c.names.zh_TW ?? ''} ${c.names.zh_CN ?? ''} ${c.names.en ?? ''}`,
  }));
}

const filter = createFilterOptions<Choice>({ stringify: (c) => `${c.label} ${c.search}` });

function configSelect(choicesOf: (config: ReferenceLists | undefined, lang: Lang) => Choice[]) {
  return function ConfigSelectWidget(props: WidgetProps) {
    const lang = useWidgetEnv().useLang();
    const { data: config, isLoading } = useWidgetEnv().useReferenceLists();
    const choices = useMemo(() => choicesOf(config, lang), [config, lang]);
    const selected = choices.find((c) => c.value === props.value) ?? null;
    return (
      <Autocomplete<Choice>
        {...useAutocompleteBase(props)}
        id={props.id}
        options={choices}
        value={selected}
        loading={isLoading}
        onChange={(_e, c) => props.onChange(c ? c.value : props.options.emptyValue)}
        getOptionLabel={(c) => c.label}
        getOptionKey={(c) => String(c.value)}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        filterOptions={filter}
        renderInput={(params) => <TextField {...params} {...fieldInputProps(props)} />}
      />
    );
  };
}

export const CountryWidget = configSelect(countryChoices);
export const TimezoneWidget = configSelect(timezoneChoices);
export const CurrencyWidget = configSelect(currencyChoices);
