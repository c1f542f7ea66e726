/** The edited declaration against its current file: hunks of a line diff (lineDiff.ts), and its download. */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useTranslation } from 'react-i18next';
import { diffHunks } from './lineDiff';

export interface DiffDialogProps {
  name: string;
  before: string;
  after: string;
  onClose: () => void;
  onDownload: () => void;
}

const COLORS = { add: { bg: '#e9f7ee', fg: '#1b5e20', sign: '+' }, del: { bg: '#fdecea', fg: '#b71c1c', sign: '-' }, same: { bg: 'transparent', fg: 'inherit', sign: ' ' } } as const;

export function DiffDialog({ name, before, after, onClose, onDownload }: DiffDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const hunks = useMemo(() => diffHunks(before, after), [before, after]);
  const added = hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === 'add').length, 0);
  const removed = hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind === 'del').length, 0);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} data-testid="playground-diff-dialog">
      <DialogTitle sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        {t('playground.changesTitle')}
        <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>src/schemas/{name}</Typography>
        {hunks.length > 0 && (
          <Typography component="span" sx={{ fontSize: 13, fontWeight: 600 }} data-testid="playground-diff-count">
            <Box component="span" sx={{ color: COLORS.add.fg }}>+{added}</Box> <Box component="span" sx={{ color: COLORS.del.fg }}>−{removed}</Box>
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {hunks.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }} data-testid="playground-diff-none">{t('playground.noChanges')}</Typography>
        ) : (
          <Box sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5, lineHeight: 1.6, overflowX: 'auto' }}>
            {hunks.map((h, i) => (
              <Box key={i} sx={{ borderTop: i ? '1px dashed' : 'none', borderColor: 'divider' }}>
                {h.lines.map((l, j) => (
                  <Box key={j} data-kind={l.kind} sx={{ display: 'flex', bgcolor: COLORS[l.kind].bg, color: COLORS[l.kind].fg, whiteSpace: 'pre', minWidth: 'max-content' }}>
                    <Box component="span" sx={{ width: 44, textAlign: 'right', pr: 1, color: 'text.disabled', userSelect: 'none', flexShrink: 0 }}>{l.oldNo ?? ''}</Box>
                    <Box component="span" sx={{ width: 44, textAlign: 'right', pr: 1, color: 'text.disabled', userSelect: 'none', flexShrink: 0 }}>{l.newNo ?? ''}</Box>
                    <Box component="span" sx={{ width: 16, userSelect: 'none', flexShrink: 0 }}>{COLORS[l.kind].sign}</Box>
                    <Box component="span" sx={{ pr: 2 }}>{l.text}</Box>
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} data-testid="playground-diff-close">{t('common.close')}</Button>
        <Button variant="contained" startIcon={<DownloadRounded />} onClick={onDownload} disabled={hunks.length === 0}>{t('playground.download')}</Button>
      </DialogActions>
    </Dialog>
  );
}
