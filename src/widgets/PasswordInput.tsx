/** A password input with a show/hide toggle. `name` is the field path (DESIGN.md test hook). */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
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
