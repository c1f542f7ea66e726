/** A password input with a show/hide toggle. `name` is the field path (DESIGN.md test hook). */
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';

export type PasswordInputProps = Omit<TextFieldProps, 'type'> & { name: string; startAdornment?: React.ReactNode };

export function PasswordInput({ startAdornment, slotProps, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { autoComplete: 'off', maxLength: 40, ...(slotProps?.htmlInput as object) },
        input: {
          startAdornment: startAdornment ? <InputAdornment position="start">{startAdornment}</InputAdornment> : undefined,
          endAdornment: (
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
          ),
        },
      }}
    />
  );
}
