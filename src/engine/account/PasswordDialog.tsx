/** Mode 6, edit password: PUT System/mima with the original and new password, encrypted. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/api';
import { validatePasswordChange } from '../../domain/profile';
import { isApiError } from '../api/ApiError';
import { withoutError } from '../form/fieldErrors';
import { useSubmitGuard } from '../form/useSubmitGuard';
import { DialogFrame } from '../shell/DialogFrame';
import { changePassword } from './profile';
import { EMPTY_PASSWORDS, PasswordFields, type PasswordValues } from './PasswordFields';

export interface PasswordDialogProps {
  open: boolean;
  publicKey: string | undefined;
  /** The token of a session not stored yet (first sign-in). */
  token?: string;
  onCancel: () => void;
  onSaved: () => void | Promise<void>;
}

export function PasswordDialog({ open, publicKey, token, onCancel, onSaved }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const guard = useSubmitGuard(setErrors);

  const submit = async () => {
    if (busy || !publicKey) return;
    if (!guard(validatePasswordChange(value))) return;
    setBusy(true);
    try {
      await changePassword({ originalMima: value.originalMima, newMima: value.newMima }, publicKey, token);
      setValue(EMPTY_PASSWORDS);
      await onSaved();
    } catch (e) {
      const fields = isApiError(e) ? e.fieldErrors : null;
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open={open}
      testId="password-dialog"
      title={t('password.title')}
      icon={<LockResetRounded color="primary" />}
      onClose={onCancel}
      dirty={Object.values(value).some(Boolean)}
      onSubmit={submit}
      size="sm"
      // Full-size inputs and the browser's password manager.
      compact={false}
      actions={
        <>
          <Button variant="outlined" color="inherit" onClick={onCancel} sx={{ borderColor: 'divider' }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !publicKey} data-testid="password-save">
            {t('common.save')}
          </Button>
        </>
      }
    >
      <PasswordFields
        value={value}
        autoFocus
        errors={errors}
        onChange={(next, changed) => {
          setValue(next);
          setErrors((errs) => withoutError(errs, changed));
        }}
      />
    </DialogFrame>
  );
}
