/**
 * The answer of a call shown once (a create's or a row action's `result`, e.g. a default
 * password): the localized text filled with the answer, and the values the answer brought
 * (those the text names that the user did not know before) in a box with a copy button.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../shell/AppModal';

export interface ResultInfo {
  /** i18n key of the text. */
  key: string;
  /** Values the text may name: what the user knew (row, form) and the answer. */
  known: Record<string, unknown>;
  answer: unknown;
}

/** Placeholders of an i18next text ('{{account}}'). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]);
}

/** The values the answer brought that the text names: new fields, or fields that changed. */
export function secretsOf(text: string, known: Record<string, unknown>, answer: unknown): string[] {
  if (!answer || typeof answer !== 'object') return [];
  const a = answer as Record<string, unknown>;
  return placeholdersOf(text)
    .filter((name) => a[name] !== undefined && a[name] !== null && a[name] !== known[name])
    .map((name) => String(a[name]));
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (http, old browser): a hidden textarea and execCommand.
    try {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      return ok;
    } catch {
      return false;
    }
  }
}

export function ResultDialog({ info, onClose }: { info: ResultInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const answer = info.answer && typeof info.answer === 'object' ? (info.answer as Record<string, unknown>) : {};
  const values = { ...info.known, ...answer };
  const message = t(info.key, values);
  const raw = t(info.key, { skipInterpolation: true });
  const secrets = secretsOf(raw, info.known, info.answer);
  const copyValue = secrets.length ? secrets.join(' ') : message;
  return (
    <AppModal
      open
      testId="result-modal"
      size="md"
      icon={<TaskAltRounded color="success" />}
      title={t('screens.crud.resultTitle')}
      message={message}
      hideCancel
      onConfirm={onClose}
    >
      {secrets.length > 0 && (
        <Box
          sx={{
            mt: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1,
            pl: 2,
            borderRadius: 2,
            bgcolor: 'grey.100',
            border: '1px dashed',
            borderColor: 'divider',
          }}
        >
          <Typography
            data-testid="result-value"
            sx={{ flex: 1, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 18, fontWeight: 600, letterSpacing: 1, wordBreak: 'break-all' }}
          >
            {secrets.join(' ')}
          </Typography>
          <Button
            size="small"
            variant={copied === 'yes' ? 'contained' : 'outlined'}
            color={copied === 'yes' ? 'success' : 'primary'}
            startIcon={copied === 'yes' ? <CheckRounded /> : <ContentCopyOutlined />}
            data-testid="result-copy"
            onClick={async () => setCopied((await copyText(copyValue)) ? 'yes' : 'failed')}
            sx={{ flexShrink: 0 }}
          >
            {copied === 'yes' ? t('screens.crud.copied') : t('screens.crud.copy')}
          </Button>
        </Box>
      )}
      <Typography variant="caption" color={copied === 'failed' ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 1.25 }}>
        {copied === 'failed' ? t('screens.crud.copyFailed') : t('screens.crud.resultOnce')}
      </Typography>
    </AppModal>
  );
}
