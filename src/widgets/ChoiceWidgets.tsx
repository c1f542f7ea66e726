/**
 * `switch` (a boolean as an MUI Switch with its label) and `radio` (an enum as a row of radio
 * buttons with the localized labels of `ui:enumNames`). Inputs are named by the field path.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import type { WidgetProps } from '@rjsf/utils';
import { enumSelectOptions } from './SelectWidgets';
import { allowedForTenant, useTenantType } from './tenantOptions';
import { grantableOptions, useCallerRole } from './callerGrants';
import { grantAllows } from '../domain/grants';

export function SwitchWidget(props: WidgetProps) {
  const name = props.htmlName ?? props.id;
  // A switch the caller's role does not hold cannot be switched on (ui:options.grant).
  const role = useCallerRole(props.options as Record<string, unknown>);
  const grant = props.options.grant;
  const locked = typeof grant === 'string' && role !== undefined && props.value !== true && !grantAllows(role, grant, true);
  return (
    <FormControlLabel
      sx={{ ml: 0, mr: 0, gap: 0.5, alignSelf: 'flex-start' }}
      disabled={props.disabled || props.readonly || locked}
      control={
        <Switch
          id={props.id}
          name={name}
          checked={props.value === true}
          autoFocus={props.autofocus}
          onChange={(e) => props.onChange(e.target.checked)}
          onBlur={() => props.onBlur(props.id, props.value)}
          onFocus={() => props.onFocus(props.id, props.value)}
        />
      }
      label={props.label}
    />
  );
}

export function RadioWidget(props: WidgetProps) {
  const name = props.htmlName ?? props.id;
  const tenantType = useTenantType();
  const all =
    (props.options.enumOptions as { value: unknown; label: string }[] | undefined)?.map((o) => ({ value: o.value, label: o.label })) ??
    enumSelectOptions(props.schema as Record<string, unknown>, props.options.enumNames) ??
    [];
  const role = useCallerRole(props.options as Record<string, unknown>);
  const options = grantableOptions(allowedForTenant(all, props.options as Record<string, unknown>, tenantType, [props.value]), props.options as Record<string, unknown>, role, [props.value]);
  const selected = options.find((o) => o.value === props.value);
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return (
    <Box>
      {!props.hideLabel && (
        <FormLabel id={`${props.id}-label`} required={props.required} error={invalid} sx={{ fontSize: 13, display: 'block', mb: 0.25 }}>
          {props.label}
        </FormLabel>
      )}
      <RadioGroup
        row
        name={name}
        aria-labelledby={`${props.id}-label`}
        value={selected ? String(selected.value) : ''}
        onChange={(e) => props.onChange(options.find((o) => String(o.value) === e.target.value)?.value)}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={String(o.value)}
            value={String(o.value)}
            disabled={props.disabled || props.readonly}
            control={<Radio size="small" id={i === 0 ? props.id : undefined} />}
            label={o.label}
            sx={{ mr: 2.5 }}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
