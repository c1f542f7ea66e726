/**
 * View profile (mode 1) and edit profile (mode 2, ProfileEdit.tsx). View shows account, name,
 * role, phone and email; Edit makes only the phone editable, and a change-password switch adds
 * the password fields, sent encrypted in the same PUT System/user. Cancel in edit returns to view.
 */
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Profile } from '../../domain/api';
import { useApi } from '../api/swr';
import { useFeedback } from '../feedback/FeedbackProvider';
import { useReferenceLists } from '../session/reference';
import { sessionStore } from '../session/store';
import { DialogFrame } from '../shell/DialogFrame';
import { PROFILE_KEY } from './profile';
import { ProfileEdit } from './ProfileEdit';
import { ProfileView } from './ProfileView';

export { formatPhone, ProfileHeader } from './ProfileView';

export interface ProfileDialogProps {
  editing: boolean;
  publicKey: string | undefined;
  onEdit: () => void;
  onCancelEdit: () => void;
  onClose: () => void;
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
