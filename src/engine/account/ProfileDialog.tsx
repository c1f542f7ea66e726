/**
 * View profile (mode 1) and edit profile (mode 2). View shows account, name, role, phone and
 * email; Edit makes only the phone editable, and a change-password switch adds the password
 * fields, sent encrypted in the same PUT System/user. Cancel in edit returns to view.
 */
import { useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { DialCode, FieldErrors, Profile } from '../../domain/api';
import { validatePasswordChange, validateProfileUpdate } from '../../domain/profile';
import { normalizeNullish } from '../../domain/phone';
import { sortByCountryPriority } from '../../domain/reference/dialCodes';
import { isApiError } from '../api/ApiError';
import { useApi } from '../api/swr';
import { useFeedback } from '../feedback/FeedbackProvider';
import { useFieldErrorText, withoutError } from '../form/fieldErrors';
import { useSubmitGuard } from '../form/useSubmitGuard';
import { useReferenceLists } from '../session/reference';
import { sessionStore } from '../session/store';
import { DialogFrame } from '../shell/DialogFrame';
import { PhoneInput, type PhoneValue } from './inputs';
import { EMPTY_PASSWORDS, PasswordFields, type PasswordValues } from './PasswordFields';
import { PROFILE_KEY, saveProfile, shownProfile } from './profile';
import { useLang } from '../i18n/useLang';

export interface ProfileDialogProps {
  editing: boolean;
  publicKey: string | undefined;
  onEdit: () => void;
  onCancelEdit: () => void;
  onClose: () => void;
}

export function formatPhone(profile: Pick<Profile, 'phoneCountryCode' | 'phone'>): string {
  const code = normalizeNullish(profile.phoneCountryCode);
  const phone = normalizeNullish(profile.phone);
  if (!phone) return '';
  return code ? `+${code.replace(/^\+/, '')} ${phone}` : phone;
}

function Row({ label, value, name }: { label: string; value: ReactNode; name: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '96px 1fr', sm: '128px 1fr' }, gap: 2, py: 1.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-field={name} sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function ProfileHeader({ profile: stored }: { profile: Profile }) {
  const [lang] = useLang();
  const profile = shownProfile(stored, lang);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
      <Avatar sx={{ width: 52, height: 52, bgcolor: 'primary.main', fontSize: 22, fontWeight: 700 }}>
        {(profile.name || profile.account).slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" noWrap>
          {profile.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {profile.account}
          </Typography>
          {profile.roleName && <Chip size="small" label={profile.roleName} sx={{ height: 22 }} />}
        </Stack>
      </Box>
    </Stack>
  );
}

function ProfileView({ profile: stored }: { profile: Profile }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const profile = shownProfile(stored, lang);
  const empty = <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Box data-testid="profile-view">
      <ProfileHeader profile={profile} />
      <Divider sx={{ my: 1.5 }} />
      <Row name="account" label={t('profile.account')} value={profile.account} />
      <Row name="name" label={t('profile.name')} value={profile.name} />
      <Row name="roleName" label={t('profile.role')} value={profile.roleName || empty} />
      <Row name="phone" label={t('profile.phone')} value={formatPhone(profile) || empty} />
      <Row name="email" label={t('profile.email')} value={profile.email || empty} />
    </Box>
  );
}

function ProfileEdit({
  profile,
  dialCodes,
  publicKey,
  onSaved,
  onCancel,
}: {
  profile: Profile;
  dialCodes: readonly DialCode[];
  publicKey: string | undefined;
  onSaved: (p: Profile) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [initialPhone] = useState<PhoneValue>(() => ({
    phoneCountryCode: normalizeNullish(profile.phoneCountryCode).replace(/^\+/, '') || sortByCountryPriority(dialCodes)[0]?.code || '',
    phone: normalizeNullish(profile.phone),
  }));
  const [phone, setPhone] = useState<PhoneValue>(initialPhone);
  const [changePassword, setChangePassword] = useState(false);
  const [passwords, setPasswords] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const guard = useSubmitGuard(setErrors);

  const submit = async () => {
    if (busy || !publicKey) return;
    const errs = { ...validateProfileUpdate(phone), ...(changePassword ? validatePasswordChange(passwords) : {}) };
    if (!guard(errs)) return;
    setBusy(true);
    try {
      const saved = await saveProfile(
        { ...phone, ...(changePassword ? { password: { originalMima: passwords.originalMima, newMima: passwords.newMima } } : {}) },
        publicKey,
      );
      onSaved(saved);
    } catch (e) {
      const fields = isApiError(e) ? e.fieldErrors : null;
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      open
      testId="profile-edit"
      title={t('profile.editTitle')}
      icon={<EditOutlined color="primary" />}
      onClose={onCancel}
      dirty={changePassword || phone.phone !== initialPhone.phone || phone.phoneCountryCode !== initialPhone.phoneCountryCode}
      onSubmit={submit}
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
      <Stack spacing={2.5}>
        <Box sx={{ pt: 0.5 }}>
          <PhoneInput
            required
            value={phone}
            dialCodes={dialCodes}
            onChange={(next) => {
              setErrors((errs) =>
                withoutError(errs, ...(next.phone !== phone.phone ? ['phone'] : []), ...(next.phoneCountryCode !== phone.phoneCountryCode ? ['phoneCountryCode', 'phone'] : [])),
              );
              setPhone(next);
            }}
            errors={{ phoneCountryCode: errorText(errors, 'phoneCountryCode'), phone: errorText(errors, 'phone') }}
          />
        </Box>
        <Row name="email" label={t('profile.email')} value={profile.email || '—'} />
        <Box sx={{ borderRadius: 2, bgcolor: 'grey.50', border: '1px solid', borderColor: 'divider', px: 2, py: 1, '& .MuiOutlinedInput-root': { bgcolor: '#fff' } }}>
          <FormControlLabel
            control={
              <Switch
                name="changePassword"
                checked={changePassword}
                onChange={(e) => {
                  setChangePassword(e.target.checked);
                  if (!e.target.checked) {
                    setPasswords(EMPTY_PASSWORDS);
                    setErrors((errs) => withoutError(errs, 'originalMima', 'newMima', 'confirmNewMima'));
                  }
                }}
              />
            }
            label={t('profile.changePassword')}
          />
          <Collapse in={changePassword} unmountOnExit>
            <Box sx={{ pt: 1.5, pb: 1 }}>
              <PasswordFields
                value={passwords}
                errors={errors}
                onChange={(next, changed) => {
                  setPasswords(next);
                  setErrors((errs) => withoutError(errs, changed));
                }}
              />
            </Box>
          </Collapse>
        </Box>
      </Stack>
    </DialogFrame>
  );
}

export function ProfileDialog({ editing, publicKey, onEdit, onCancelEdit, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const { data: profile } = useApi<Profile>(PROFILE_KEY);
  // Read while the profile shows: the edit form's phone field needs the dial codes.
  const { data: lists } = useReferenceLists();

  if (editing && profile && lists) {
    return (
      <ProfileEdit
        profile={profile}
        dialCodes={lists.dialCodes}
        publicKey={publicKey}
        onCancel={onCancelEdit}
        onSaved={(saved) => {
          void mutate(PROFILE_KEY, saved, { revalidate: false });
          sessionStore.updateUser({ name: saved.name, ...(saved.mimaChangedAt ? { mimaChangedAt: saved.mimaChangedAt } : {}) });
          feedback.toast(t('common.successEdit'));
          onCancelEdit();
        }}
      />
    );
  }

  return (
    <DialogFrame
      open
      testId="profile-view-dialog"
      title={t('profile.title')}
      icon={<BadgeOutlined color="primary" />}
      onClose={onClose}
      actions={
        <>
          <Button variant="outlined" color="inherit" onClick={onClose} sx={{ borderColor: 'divider' }}>
            {t('common.close')}
          </Button>
          <Button variant="contained" startIcon={<EditOutlined />} onClick={onEdit} disabled={!profile} data-testid="profile-edit-button">
            {t('common.edit')}
          </Button>
        </>
      }
    >
      {profile ? (
        <ProfileView profile={profile} />
      ) : (
        <Stack spacing={1.5}>
          <Skeleton variant="circular" width={52} height={52} />
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="70%" />
        </Stack>
      )}
    </DialogFrame>
  );
}
