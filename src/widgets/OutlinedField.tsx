/**
 * An outlined text field with the look of MUI's TextField (outlined), built from its parts
 * (FormControl, InputLabel, OutlinedInput, FormHelperText): TextField also brings the Select
 * stack (Menu, Popover, Modal), which the sign-in page does not need. `name` is the field path
 * (DESIGN.md test hook).
 */
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface OutlinedFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  required?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: ReactNode;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (autoComplete, maxLength). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

export function OutlinedField({ name, label, value, onChange, type, required, fullWidth, autoFocus, size, error, helperText, startAdornment, endAdornment, htmlInput }: OutlinedFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error} size={size}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        label={required ? <>{label} *</> : label}
        aria-describedby={helperId}
        inputProps={htmlInput}
        startAdornment={startAdornment ? <InputAdornment position="start">{startAdornment}</InputAdornment> : undefined}
        endAdornment={endAdornment}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
