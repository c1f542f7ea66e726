/**
 * `dialCode` (a country calling code chosen from the config's dialCodes, priority countries
 * first, shown '+886 台灣') and `phone` (the number, digits only, at most 15).
 * The stored dial code is the digits ('886'). Inputs are named by the field path.
 */
import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { DialCode } from '../domain/api';
import { pickName } from '../domain/lang';
import { PHONE_MAX_DIGITS } from '../domain/limits';
import { sortByCountryPriority } from '../domain/reference/dialCodes';
import { fieldInputProps, useAutocompleteBase } from './fieldProps';
import { formatInput } from './inputFormats';
import { useWidgetEnv } from './env';

/** '+886 台灣': the calling code and the country's name in the interface language. */
export function dialCodeLabel(option: DialCode, lang: Parameters<typeof pickName>[1]): string {
  return `+${option.code} ${pickName(option.names, lang)}`;
}

const filter = createFilterOptions<DialCode>({
  stringify: (o) => `+${o.code} ${o.code} ${o.countryCode} ${o.names.zh_TW} ${o.names.zh_CN} ${o.names.en}`,
});

export function DialCodeWidget(props: WidgetProps) {
  const lang = useWidgetEnv().useLang();
  const { data: config, isLoading } = useWidgetEnv().useReferenceLists();
  const options = useMemo(() => sortByCountryPriority(config?.dialCodes ?? [], lang), [config, lang]);
  const code = typeof props.value === 'string' ? props.value.replace(/^\+/, '') : '';
  // Several countries share a calling code (+1): the first in priority order stands for it.
  const selected = useMemo(() => options.find((o) => o.code === code) ?? null, [options, code]);
  return (
    <Autocomplete<DialCode>
      {...useAutocompleteBase(props)}
      id={props.id}
      options={options}
      value={selected}
      loading={isLoading}
      onChange={(_e, o) => props.onChange(o ? o.code : props.options.emptyValue)}
      getOptionLabel={(o) => dialCodeLabel(o, lang)}
      getOptionKey={(o) => o.countryCode}
      isOptionEqualToValue={(a, b) => a.countryCode === b.countryCode}
      filterOptions={filter}
      renderInput={(params) => <TextField {...params} {...fieldInputProps(props)} />}
    />
  );
}

export function PhoneWidget(props: WidgetProps) {
  return (
    <TextField
      {...fieldInputProps(props)}
      id={props.id}
      size="small"
      fullWidth
      type="tel"
      disabled={props.disabled || props.readonly}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => {
        const digits = formatInput('phoneDigits', e.target.value);
        props.onChange(digits === '' ? props.options.emptyValue : digits);
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PHONE_MAX_DIGITS, autoComplete: 'tel-national' } }}
    />
  );
}
