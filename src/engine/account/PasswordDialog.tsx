/**
 * Mode 6, edit password: PUT System/mima with the original and new password, encrypted. The
 * fields are the declared form session.password (src/schemas/session/password.json) on the
 * engine's schema form: checked on submit first, then as the user corrects them; the server's
 * field errors land on the fields, any other failure shows the Fail modal.
 */
import Button from '@mui/material/Button';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import { useTranslation } from 'react-i18next';
import { SchemaFields, useSchemaForm } from '../crud/useSchemaForm';
import { useFormSubmit } from '../crud/useFormSubmit';
import { DialogFrame } from '../shell/DialogFrame';
import { accountForm, PASSWORD_FORM } from './forms';
import { changePassword } from './profile';

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
  const form = useSchemaForm({ form: accountForm(PASSWORD_FORM) });
  const { busy, submit } = useFormSubmit(
    form,
    async (checked) => {
      await changePassword({ originalMima: String(checked.originalMima), newMima: String(checked.newMima) }, publicKey ?? '', token);
      form.reset();
      await onSaved();
    },
    Boolean(publicKey),
  );

  return (
    <DialogFrame
      open={open}
      testId="password-dialog"
      title={t('password.title')}
      icon={<LockResetRounded color="primary" />}
      onClose={onCancel}
      dirty={form.dirty}
      onSubmit={() => void submit()}
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
      <SchemaFields state={form} />
    </DialogFrame>
  );
}
