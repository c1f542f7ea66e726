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

/** The values the answer brought that the text names (name and value): new fields, or fields that changed. */
export function secretEntriesOf(text: string, known: Record<string, unknown>, answer: unknown): { name: string; value: string }[] {
  if (!answer || typeof answer !== 'object') return [];
  const a = answer as Record<string, unknown>;
  const names = [...new Set(placeholdersOf(text))];
  return names
    .filter((name) => a[name] !== undefined && a[name] !== null && a[name] !== known[name])
    .map((name) => ({ name, value: String(a[name]) }));
}

/** The values the answer brought that the text names: new fields, or fields that changed. */
export function secretsOf(text: string, known: Record<string, unknown>, answer: unknown): string[] {
  return secretEntriesOf(text, known, answer).map((e) => e.value);
}

/**
 * The label of a value of a result text 'screens.client.createResult': 'screens.client.<name>'
 * when it exists, else the name.
 */
export function valueLabelKey(resultKey: string, name: string): string {
  return `${resultKey.replace(/\.[^.]+$/, '')}.${name}`;
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
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const answer = info.answer && typeof info.answer === 'object' ? (info.answer as Record<string, unknown>) : {};
  const values = { ...info.known, ...answer };
  const message = t(info.key, values);
  const raw = t(info.key, { skipInterpolation: true });
  const secrets = secretEntriesOf(raw, info.known, info.answer);
  const label = (name: string) => {
    const key = valueLabelKey(info.key, name);
    return i18n.exists(key) ? t(key) : name;
  };
  // One value: the value itself; several: 'label: value' lines.
  const copyValue = secrets.length === 1 ? secrets[0].value : secrets.length ? secrets.map((s) => `${label(s.name)}: ${s.value}`).join('\n') : message;
  const copyButton = (
    <Button
      size="small"
      variant={copied === 'yes' ? 'contained' : 'outlined'}
      color={copied === 'yes' ? 'success' : 'primary'}
      startIcon={copied === 'yes' ? <CheckRounded /> : <ContentCopyOutlined />}
      data-testid="result-copy"
      onClick={async () => setCopied((await copyText(copyValue)) ? 'yes' : 'failed')}
      sx={{ flexShrink: 0 }}
    >
      {copied === 'yes' ? t('screens.crud.copied') : t(secrets.length > 1 ? 'screens.crud.copyAll' : 'screens.crud.copy')}
    </Button>
  );
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontWeight: 600, wordBreak: 'break-all' } as const;
  const box = { mt: 2, borderRadius: 2, bgcolor: 'grey.100', border: '1px dashed', borderColor: 'divider' } as const;
  return (
    <AppModal
      open
      testId="result-modal"
      size={secrets.length > 1 ? 'lg' : 'md'}
      icon={<TaskAltRounded color="success" />}
      title={t('screens.crud.resultTitle')}
      message={message}
      hideCancel
      onConfirm={onClose}
    >
      {secrets.length === 1 && (
        <Box sx={{ ...box, display: 'flex', alignItems: 'center', gap: 1, p: 1, pl: 2 }}>
          <Typography data-testid="result-value" sx={{ ...mono, flex: 1, fontSize: 18, letterSpacing: 1 }}>
            {secrets[0].value}
          </Typography>
          {copyButton}
        </Box>
      )}
      {secrets.length > 1 && (
        <Box sx={{ ...box, p: { xs: 1.5, sm: 2 } }}>
          <Box component="dl" data-testid="result-values" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' }, columnGap: 2.5, rowGap: { xs: 0.25, sm: 1 }, alignItems: 'baseline' }}>
            {secrets.map((s) => (
              <Box key={s.name} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 0.75, sm: 0 } }}>
                  {label(s.name)}
                </Typography>
                <Typography component="dd" data-testid={`result-value-${s.name}`} sx={{ ...mono, m: 0, fontSize: 16, letterSpacing: 0.5 }}>
                  {s.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>{copyButton}</Box>
        </Box>
      )}
      <Typography variant="caption" color={copied === 'failed' ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 1.25 }}>
        {copied === 'failed' ? t('screens.crud.copyFailed') : t('screens.crud.resultOnce')}
      </Typography>
    </AppModal>
  );
}
