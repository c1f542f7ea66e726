/** originalMima, newMima, confirmNewMima: the password-change inputs (names = field paths). */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/api';
import { PasswordInput } from './inputs';
import { useFieldErrorText } from '../form/fieldErrors';

export interface PasswordValues {
  originalMima: string;
  newMima: string;
  confirmNewMima: string;
}

export const EMPTY_PASSWORDS: PasswordValues = { originalMima: '', newMima: '', confirmNewMima: '' };

export function PasswordFields({
  value,
  onChange,
  errors,
  autoFocus,
}: {
  value: PasswordValues;
  onChange: (next: PasswordValues, changed: keyof PasswordValues) => void;
  errors: FieldErrors;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const field = (name: keyof PasswordValues, label: string, focus = false) => (
    <PasswordInput
      name={name}
      label={label}
      required
      fullWidth
      size="small"
      autoFocus={focus}
      value={value[name]}
      onChange={(e) => onChange({ ...value, [name]: e.target.value }, name)}
      error={Boolean(errors[name])}
      helperText={errorText(errors, name)}
    />
  );
  return (
    <Stack spacing={2}>
      {field('originalMima', t('password.original'), autoFocus)}
      {field('newMima', t('password.new'))}
      {field('confirmNewMima', t('password.confirm'))}
      <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        {t('password.rule')}
      </Typography>
    </Stack>
  );
}
