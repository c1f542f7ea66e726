/**
 * Edit profile (mode 2): only the phone is editable, and a change-password switch adds the
 * password fields, sent encrypted in the same PUT System/user. The fields are the declared form
 * session.profile (src/schemas/session/profile.json) on the engine's schema form: checked on
 * submit first, then as the user corrects them; the password fields are checked and sent only
 * while the switch is on; the server's field errors land on the fields, any other failure
 * shows the Fail modal.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import type { DialCode, Profile } from '../../domain/api';
import { normalizeNullish } from '../../domain/phone';
import { sortByCountryPriority } from '../../domain/reference/dialCodes';
import { SchemaFields, useSchemaForm } from '../crud/useSchemaForm';
import { useFormSubmit } from '../crud/useFormSubmit';
import { DialogFrame } from '../shell/DialogFrame';
import { accountForm, PROFILE_FORM } from './forms';
import { saveProfile } from './profile';
import { ProfileHeader, Row } from './ProfileView';

export interface ProfileEditProps {
  profile: Profile;
  dialCodes: readonly DialCode[];
  publicKey: string | undefined;
  onSaved: (p: Profile) => void;
  onCancel: () => void;
}

export function ProfileEdit({ profile, dialCodes, publicKey, onSaved, onCancel }: ProfileEditProps) {
  const { t } = useTranslation();
  // The stored phone; without one, the first priority country's code.
  const [initial] = useState(() => ({
    phoneCountryCode: normalizeNullish(profile.phoneCountryCode).replace(/^\+/, '') || sortByCountryPriority(dialCodes)[0]?.code || '',
    phone: normalizeNullish(profile.phone),
    changePassword: false,
  }));
  const form = useSchemaForm({ form: accountForm(PROFILE_FORM), initial });
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const { busy, submit } = useFormSubmit(
    form,
    async (checked) => {
      const saved = await saveProfile(
        {
          phoneCountryCode: text(checked.phoneCountryCode),
          phone: text(checked.phone),
          ...(checked.changePassword === true ? { password: { originalMima: text(checked.originalMima), newMima: text(checked.newMima) } } : {}),
        },
        publicKey ?? '',
      );
      onSaved(saved);
    },
    Boolean(publicKey),
  );

  return (
    <DialogFrame
      open
      testId="profile-edit"
      title={t('profile.editTitle')}
      icon={<EditOutlined color="primary" />}
      onClose={onCancel}
      dirty={form.dirty}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="outlined" color="inherit" onClick={onCancel} sx={{ borderColor: 'divider' }} data-testid="profile-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !publicKey} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </>
      }
    >
      <ProfileHeader profile={profile} />
      <Divider sx={{ my: 2 }} />
      <Row name="email" label={t('profile.email')} value={profile.email || '—'} />
      <SchemaFields state={form} />
    </DialogFrame>
  );
}
