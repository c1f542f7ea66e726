/**
 * The shared modal (SPEC.md "Top-bar and shared dialogs"): header, message, confirm and
 * cancel buttons (cancel can be hidden); not closable by a backdrop click or Escape; sizes md
 * and lg. Used for Fail, the logout confirmation and the password dialogs 4 and 5.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export type ModalSize = 'md' | 'lg';
export type ModalTone = 'default' | 'error' | 'warning';

const WIDTH: Record<ModalSize, number> = { md: 440, lg: 680 };

export interface AppModalProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  hideCancel?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  size?: ModalSize;
  tone?: ModalTone;
  icon?: ReactNode;
  confirmDisabled?: boolean;
  testId?: string;
}

export function AppModal(props: AppModalProps) {
  const { t } = useTranslation();
  const size = props.size ?? 'md';
  const titleId = `${props.testId ?? 'app-modal'}-title`;
  return (
    <Dialog
      open={props.open}
      // No onClose: neither a backdrop click nor Escape closes the shared modal.
      aria-labelledby={titleId}
      data-testid={props.testId ?? 'app-modal'}
      slotProps={{ paper: { sx: { width: WIDTH[size], maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pb: 1 }}>
        {props.icon}
        <Box component="span" sx={{ color: props.tone === 'error' ? 'error.main' : 'text.primary' }}>
          {props.title}
        </Box>
      </DialogTitle>
      <DialogContent sx={{ pb: 1 }}>
        {props.message !== undefined && (
          <Typography data-testid="app-modal-message" sx={{ whiteSpace: 'pre-line', color: 'text.secondary', lineHeight: 1.7 }}>
            {props.message}
          </Typography>
        )}
        {props.children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1.5, gap: 1 }}>
        {!props.hideCancel && (
          <Button variant="outlined" color="inherit" onClick={props.onCancel} data-testid="modal-cancel" sx={{ borderColor: 'divider' }}>
            {props.cancelText ?? t('common.cancel')}
          </Button>
        )}
        <Button variant="contained" onClick={props.onConfirm} disabled={props.confirmDisabled} data-testid="modal-confirm" autoFocus>
          {props.confirmText ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
