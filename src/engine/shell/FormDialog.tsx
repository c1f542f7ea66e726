/**
 * A dialog holding a form: title with a close button, content, actions. Like the shared
 * modal it ignores backdrop clicks and Escape so typed input is never lost by accident.
 */
import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  icon?: ReactNode;
  onClose: () => void;
  onSubmit?: () => void;
  actions: ReactNode;
  children: ReactNode;
  width?: number;
  testId?: string;
}

export function FormDialog({ open, title, icon, onClose, onSubmit, actions, children, width = 560, testId }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = `${testId ?? 'form-dialog'}-title`;
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 24px)', m: 1.5 } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit?.();
        }}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pr: 6 }}>
          {icon}
          {title}
          <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }} data-testid="dialog-close">
            <CloseRounded />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 }, py: 2.5 }}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}
