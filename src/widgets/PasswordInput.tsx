/** A password input with a show/hide toggle. `name` is the field path (DESIGN.md test hook). */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldInputProps } from './fieldProps';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField';

export type PasswordInputProps = Omit<OutlinedFieldProps, 'type' | 'endAdornment'>;

export function PasswordInput({ htmlInput, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <OutlinedField
      {...props}
      type={shown ? 'text' : 'password'}
      htmlInput={{ autoComplete: 'off', maxLength: 40, ...htmlInput }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            size="small"
            edge="end"
            tabIndex={-1}
            aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * `passwordInput`: PasswordInput as a declared form's widget (the account dialogs' password
 * fields): the field path as its name, the label with the required mark, red when invalid
 * (the message is the form's, under the field).
 */
export function PasswordWidget(props: WidgetProps) {
  const field = fieldInputProps(props);
  return (
    <PasswordInput
      name={field.name}
      label={field.label ?? ''}
      required={field.required}
      error={field.error}
      autoFocus={field.autoFocus}
      fullWidth
      size="small"
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value === '' ? props.options.emptyValue : e.target.value)}
    />
  );
}
