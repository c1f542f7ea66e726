/**
 * Mobile phone: a dial-code select (options from the config's dialCodes, priority countries
 * first, shown '+886 台灣', 'no match data' when a search finds nothing) and the number,
 * digits only. Inputs are named `phoneCountryCode` and `phone` (or `<name>CountryCode` /
 * `<name>` for other phone fields).
 */
import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DialCode } from '../domain/api';
import { pickName } from '../domain/lang';
import { sortByCountryPriority } from '../domain/reference/dialCodes';
import { PHONE_MAX_DIGITS } from '../domain/limits';
import { useWidgetEnv } from './env';

export interface PhoneValue {
  phoneCountryCode: string;
  phone: string;
}

export interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  dialCodes: readonly DialCode[];
  errors?: { phoneCountryCode?: string; phone?: string };
  /** Input names; default phoneCountryCode / phone. */
  names?: { countryCode: string; phone: string };
  label?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

export function dialCodeLabel(option: DialCode, lang: Parameters<typeof pickName>[1]): string {
  return `+${option.code} ${pickName(option.names, lang)}`;
}

const filter = createFilterOptions<DialCode>({
  stringify: (o) => `+${o.code} ${o.code} ${o.countryCode} ${o.names.zh_TW} ${o.names.zh_CN} ${o.names.en}`,
});

export function PhoneInput({ value, onChange, dialCodes, errors, names, label, required, disabled, size = 'small' }: PhoneInputProps) {
  const { t } = useTranslation();
  const lang = useWidgetEnv().useLang();
  const options = useMemo(() => sortByCountryPriority(dialCodes, lang), [dialCodes, lang]);
  const selected = useMemo(
    () => options.find((o) => o.code === value.phoneCountryCode.replace(/^\+/, '')) ?? null,
    [options, value.phoneCountryCode],
  );
  const codeName = names?.countryCode ?? 'phoneCountryCode';
  const phoneName = names?.phone ?? 'phone';

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Autocomplete<DialCode>
        options={options}
        value={selected}
        disabled={disabled}
        size={size}
        onChange={(_e, option) => onChange({ ...value, phoneCountryCode: option ? option.code : '' })}
        getOptionLabel={(o) => dialCodeLabel(o, lang)}
        getOptionKey={(o) => o.countryCode}
        isOptionEqualToValue={(a, b) => a.countryCode === b.countryCode}
        filterOptions={filter}
        noOptionsText={t('common.noMatch')}
        openText={t('common.open')}
        closeText={t('common.close')}
        clearText={t('common.clear')}
        sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
        renderInput={(params) => (
          <TextField
            {...params}
            name={codeName}
            label={t('profile.countryCode')}
            required={required}
            error={Boolean(errors?.phoneCountryCode)}
            helperText={errors?.phoneCountryCode}
          />
        )}
      />
      <TextField
        name={phoneName}
        value={value.phone}
        size={size}
        disabled={disabled}
        required={required}
        label={label ?? t('profile.phone')}
        onChange={(e) => onChange({ ...value, phone: e.target.value.replace(/\D+/g, '') })}
        error={Boolean(errors?.phone)}
        helperText={errors?.phone}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PHONE_MAX_DIGITS + 5, autoComplete: 'tel-national' } }}
      />
    </Box>
  );
}
