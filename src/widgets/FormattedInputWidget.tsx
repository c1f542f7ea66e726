/**
 * `formattedInput`: a text input that strips disallowed characters as the user types, by
 * `ui:options.format` (number, positiveInteger, integer, phoneDigits, email, thousands,
 * percentage, domain, url, alpha; see inputFormats.ts). Number-typed fields store numbers.
 * The input's name is the field path.
 */
import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { fieldInputProps } from './fieldProps';
import { displayFormatted, formatInput, isInputFormat, parseFormatted, type InputFormat } from './inputFormats';

const NUMERIC_MODE: Partial<Record<InputFormat, 'numeric' | 'decimal' | 'email' | 'url' | 'tel'>> = {
  number: 'decimal', positiveInteger: 'numeric', integer: 'numeric', phoneDigits: 'tel', thousands: 'decimal',
  percentage: 'decimal', email: 'email', url: 'url',
};

export function FormattedInputWidget(props: WidgetProps) {
  const format: InputFormat = isInputFormat(props.options.format) ? props.options.format : 'number';
  const type = (props.schema as { type?: unknown }).type;
  const numeric = type === 'number' || type === 'integer';
  const [text, setText] = useState(() => displayFormatted(format, props.value));

  // Follow outside changes of the value (reset, loaded data) without undoing a half-typed '12.'.
  useEffect(() => {
    if (parseFormatted(format, text, numeric) !== (props.value ?? undefined)) setText(displayFormatted(format, props.value));
  }, [props.value]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <TextField
      {...fieldInputProps(props)}
      id={props.id}
      size="small"
      fullWidth
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder}
      value={text}
      onChange={(e) => {
        const next = formatInput(format, e.target.value);
        setText(next);
        const value = parseFormatted(format, next, numeric);
        props.onChange(value === undefined ? props.options.emptyValue : value);
      }}
      slotProps={{
        htmlInput: { inputMode: NUMERIC_MODE[format] ?? 'text', ...(format === 'phoneDigits' ? { maxLength: 15 } : {}) },
        input: format === 'percentage' ? { endAdornment: <InputAdornment position="end">%</InputAdornment> } : undefined,
      }}
    />
  );
}
