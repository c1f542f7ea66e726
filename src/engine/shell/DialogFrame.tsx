/**
 * The one dialog frame of a form (declared forms, row-action inputs, the profile and password
 * dialogs): title with a close button, a content that scrolls under a fixed title and fixed
 * actions, one <form> (Enter submits), widths sm, md and lg, full screen on phones. It opens
 * with the focus on its first field (once the fields are there: a record may still be
 * loading). A backdrop click does nothing; Escape closes it when nothing was changed and asks
 * first (the shared confirm) when the form has unsaved changes (`dirty`), so typed input is
 * never lost by accident. Inputs inside are small (one height for text fields, selects and
 * pickers) unless `compact` is false.
 */
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { useTranslation } from 'react-i18next';
import { useEngineEnv } from '../env/EngineEnv';

export const DIALOG_WIDTH = { sm: 480, md: 560, lg: 840 } as const;

export interface DialogFrameProps {
  /** Default true (the caller mounts the frame only while it is open). */
  open?: boolean;
  title: ReactNode;
  icon?: ReactNode;
  /** Default md. */
  size?: keyof typeof DIALOG_WIDTH;
  /** Default true: small inputs, no browser autofill. */
  compact?: boolean;
  onClose: () => void;
  /** Enter or a submit button; none for a dialog that only shows. */
  onSubmit?: () => void;
  actions: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The form has unsaved changes: Escape asks before closing. */
  dirty?: boolean;
}

/** The fields a user types or chooses in (not hidden, disabled or read-only ones). */
const FIELD_SELECTOR = ['input', 'textarea', '[role="combobox"]', '[contenteditable="true"]']
  .map((s) => `${s}:not([disabled]):not([readonly]):not([type="hidden"]):not([tabindex="-1"]):not([aria-disabled="true"])`)
  .join(', ');

export function firstField(root: ParentNode): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>(FIELD_SELECTOR)) {
    if (el.closest('[aria-hidden="true"], [hidden]')) continue;
    return el;
  }
  return null;
}

/**
 * Focuses the first field of `root` when it appears (now or once loaded), unless the user put
 * the focus inside it already.
 */
function useFocusFirstField(root: HTMLElement | null) {
  useEffect(() => {
    if (!root) return;
    let done = false;
    const attempt = () => {
      if (done) return;
      const active = document.activeElement;
      if (active && active !== root && root.contains(active)) {
        done = true;
        return;
      }
      const field = firstField(root);
      if (field) {
        field.focus();
        done = true;
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(attempt);
    observer.observe(root, { childList: true, subtree: true });
    attempt();
    return () => observer.disconnect();
  }, [root]);
}

/** Escape: close at once when nothing changed, else after the user confirms. */
function useEscape(dirty: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  return () => {
    if (!dirty) return onClose();
    void env.confirm({ title: t('common.discardTitle'), message: t('common.discardMessage'), tone: 'warning' }).then((yes) => {
      if (yes) onClose();
    });
  };
}

/** Declared form fields are small (one height for text fields, selects and pickers). */
export function CompactFields({ children }: { children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(
    () =>
      createTheme(outer, {
        components: {
          MuiTextField: { defaultProps: { size: 'small' } },
          MuiFormControl: { defaultProps: { size: 'small' } },
          MuiAutocomplete: { defaultProps: { size: 'small' } },
        },
      }),
    [outer],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export function DialogFrame({ open = true, title, icon, size = 'md', compact = true, onClose, onSubmit, actions, children, testId = 'form-dialog', dirty = false }: DialogFrameProps) {
  const { t } = useTranslation();
  const outer = useTheme();
  const phone = useMediaQuery(outer.breakpoints.down('sm'));
  const titleId = `${testId}-title`;
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  useFocusFirstField(open ? content : null);
  const escapeOrAsk = useEscape(dirty, onClose);
  return (
    <Dialog
      open={open}
      // A backdrop click never closes; Escape does (asking first when something changed).
      onClose={(_e, reason) => {
        if (reason === 'escapeKeyDown') escapeOrAsk();
      }}
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH[size], maxWidth: phone ? '100%' : 'calc(100% - 32px)', m: phone ? 0 : 2, borderRadius: phone ? 0 : undefined, display: 'flex', flexDirection: 'column' } } }}
    >
      <Box
        component="form"
        noValidate
        autoComplete={compact ? 'off' : undefined}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit?.();
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pr: 7, flexShrink: 0 }}>
          {icon}
          {title}
          <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }} data-testid="dialog-close">
            <CloseRounded />
          </IconButton>
        </DialogTitle>
        <DialogContent ref={setContent} dividers sx={{ px: { xs: 2, sm: 3 }, py: 2.5, overflowY: 'auto', flex: '1 1 auto' }}>
          {compact ? <CompactFields>{children}</CompactFields> : children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1, flexShrink: 0 }}>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The same form frame as a page (a crud declaration's `formPage`): the title as the page's
 * h1 with a back button, the fields on a card, the actions under them. Same props as
 * DialogFrame; `onClose` is the back button.
 */
export function PageFrame({ title, icon, compact = true, onClose, onSubmit, actions, children, testId = 'form-page' }: DialogFrameProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      autoComplete={compact ? 'off' : undefined}
      data-testid={testId}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit?.();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <IconButton aria-label={t('common.close')} onClick={onClose} data-testid="page-back" sx={{ ml: -1 }}>
          <ArrowBackRounded />
        </IconButton>
        {icon}
        <Box component="h1" data-testid="page-title" sx={{ m: 0, fontSize: { xs: '1.25rem', sm: '1.5rem' }, fontWeight: 600, lineHeight: 1.3 }}>
          {title}
        </Box>
      </Box>
      <Paper sx={{ border: '1px solid', borderColor: 'divider', boxShadow: '0 1px 2px rgba(16,24,40,0.04)', px: { xs: 2, sm: 3 }, py: 2.5, minWidth: 0 }}>
        {compact ? <CompactFields>{children}</CompactFields> : children}
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap', position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 2 }}>
        {actions}
      </Box>
    </Box>
  );
}
