/**
 * `flags`: a bit-flag enum (ClientFunction, ClientLayout, MemberRequiredInfo ...) as a row of
 * checkboxes with the localized labels `enums.<Name>.<bit>`; the value is the sum of the
 * checked bits (0 when none). The form engine uses it for every flag enum without a widget.
 * Every checkbox is named by the field path, its value the bit.
 * `ui:options.grantFrom: "GET <path>"` (the partner forms): the route answers `{ flags }`, the
 * bits the caller's role may give (src/domain/grants.ts, the rule the server enforces); only
 * those are offered, plus any already set (nothing is lost). Until it answers, all are shown.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { enumEntries, isEnumName } from '../domain/enums';
import { sourcePath } from '../domain/options';
import { useWidgetEnv } from './env';

/** The bits of a flag enum, less `exclude`. */
export function flagBits(name: string, exclude: readonly unknown[] = []): number[] {
  if (!isEnumName(name)) return [];
  return enumEntries(name)
    .map(([, v]) => v)
    .filter((v): v is number => typeof v === 'number' && v > 0 && !exclude.includes(v));
}

/** The value with `bit` set or cleared. */
export function toggleFlag(value: unknown, bit: number, on: boolean): number {
  const bits = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return on ? bits | bit : bits & ~bit;
}

export function FlagsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const schema = props.schema as Record<string, unknown>;
  const name = typeof schema['x-enum'] === 'string' ? schema['x-enum'] : '';
  const value = typeof props.value === 'number' ? props.value : 0;
  const grantable = useWidgetEnv().useApi<{ flags: number }>(sourcePath(props.options.grantFrom) ?? null, { revalidateOnFocus: false }).data?.flags;
  const bits = flagBits(name, Array.isArray(schema['x-exclude']) ? schema['x-exclude'] : [])
    .filter((bit) => grantable === undefined || (grantable & bit) === bit || (value & bit) === bit);
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const path = props.htmlName ?? props.id;
  return (
    <Box role="group" aria-labelledby={`${props.id}-label`}>
      {!props.hideLabel && (
        <FormLabel id={`${props.id}-label`} required={props.required} error={invalid} sx={{ fontSize: 13, display: 'block', mb: 0.25 }}>
          {props.label}
        </FormLabel>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {bits.map((bit) => (
          <FormControlLabel
            key={bit}
            disabled={props.disabled || props.readonly}
            control={
              <Checkbox
                size="small"
                name={path}
                value={String(bit)}
                checked={(value & bit) === bit}
                onChange={(e) => props.onChange(toggleFlag(value, bit, e.target.checked))}
              />
            }
            label={t(`enums.${name}.${bit}`)}
          />
        ))}
      </Box>
    </Box>
  );
}
