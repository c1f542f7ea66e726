/**
 * The top-bar dialogs of SPEC.md section 4, by HomeDialogMode:
 * 1 view profile -> Edit -> 2 edit profile (cancel returns to view; save updates the user);
 * 3 logout confirmation; 4 change default password (confirm only) and 5 suggest a change
 * ('not change' closes) both confirm into 6 edit password, whose save updates the password.
 * Cancelling any mode but edit closes.
 */
import { useTranslation } from 'react-i18next';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PasswordRounded from '@mui/icons-material/PasswordRounded';
import type { TenantConfig } from '../../domain/api';
import { useFeedback } from '../feedback/FeedbackProvider';
import { AppModal } from '../shell/AppModal';
import { HomeDialogMode, type HomeDialogModeValue } from './modes';
import { PasswordDialog } from './PasswordDialog';
import { ProfileDialog } from './ProfileDialog';

export interface AccountDialogsProps {
  mode: HomeDialogModeValue;
  onModeChange: (mode: HomeDialogModeValue) => void;
  config: TenantConfig | undefined;
  /** The token of a session not stored yet (first sign-in with the default password). */
  token?: string;
  /** After a successful PUT System/mima. */
  onPasswordChanged?: () => void | Promise<void>;
  /** The logout confirmation was confirmed. */
  onLogout?: () => void | Promise<void>;
}

export function AccountDialogs({ mode, onModeChange, config, token, onPasswordChanged, onLogout }: AccountDialogsProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const close = () => onModeChange(HomeDialogMode.None);
  const publicKey = config?.passwordPublicKey;

  switch (mode) {
    case HomeDialogMode.ViewProfile:
    case HomeDialogMode.EditProfile:
      return (
        <ProfileDialog
          editing={mode === HomeDialogMode.EditProfile}
          publicKey={publicKey}
          onEdit={() => onModeChange(HomeDialogMode.EditProfile)}
          onCancelEdit={() => onModeChange(HomeDialogMode.ViewProfile)}
          onClose={close}
        />
      );
    case HomeDialogMode.Logout:
      return (
        <AppModal
          open
          testId="logout-modal"
          icon={<LogoutRounded color="primary" />}
          title={t('logout.title')}
          message={t('logout.message')}
          confirmText={t('logout.confirm')}
          onCancel={close}
          onConfirm={() => {
            close();
            void onLogout?.();
          }}
        />
      );
    case HomeDialogMode.ChangeDefaultPassword:
      return (
        <AppModal
          open
          testId="default-password-modal"
          icon={<PasswordRounded color="primary" />}
          title={t('password.defaultTitle')}
          message={t('password.defaultMessage')}
          confirmText={t('password.changeNow')}
          hideCancel
          onConfirm={() => onModeChange(HomeDialogMode.EditPassword)}
        />
      );
    case HomeDialogMode.SuggestPasswordChange:
      return (
        <AppModal
          open
          testId="suggest-password-modal"
          icon={<LockClockOutlined color="primary" />}
          title={t('password.suggestTitle')}
          message={t('password.suggestMessage')}
          confirmText={t('password.changeNow')}
          cancelText={t('password.notChange')}
          onCancel={close}
          onConfirm={() => onModeChange(HomeDialogMode.EditPassword)}
        />
      );
    case HomeDialogMode.EditPassword:
      return (
        <PasswordDialog
          open
          publicKey={publicKey}
          token={token}
          onCancel={close}
          onSaved={async () => {
            feedback.toast(t('password.changed'));
            await onPasswordChanged?.();
            close();
          }}
        />
      );
    default:
      return null;
  }
}
