/**
 * The toolbar's `import` (a declaration's `api.import`, e.g. `POST member/order/batch`): a
 * button that opens the file chooser (.csv) and POSTs the file as multipart/form-data part
 * `file`. Success: the successImport notice and the list read again from page 1. A refusal
 * whose data lists bad lines (`data.errors: [{ line, code }]`) shows every listed line with its
 * localized reason in the shared modal; other failures show the usual Fail modal.
 */
import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useTranslation } from 'react-i18next';
import { parseApiCall } from '../../domain/declarations';
import { isApiError } from '../api/ApiError';
import { useEngineEnv } from '../env/EngineEnv';

interface BadLine { line: number; code: number; orderNo?: string; value?: string }

const badLinesOf = (data: unknown): { count: number; errors: BadLine[] } | null => {
  const d = data as { errors?: unknown; count?: unknown } | undefined;
  if (!d || !Array.isArray(d.errors) || !d.errors.length) return null;
  const errors = d.errors.filter((e): e is BadLine => !!e && typeof (e as BadLine).line === 'number' && typeof (e as BadLine).code === 'number');
  return { count: typeof d.count === 'number' ? d.count : errors.length, errors };
};

export function ImportButton({ api, onImported }: { api: string; onImported: () => void }) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { method, path } = parseApiCall(api);

  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      await env.fetch(method as 'POST', path, { body: form, silent: true });
      env.notify(t('common.successImport'));
      onImported();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const bad = badLinesOf(e.data);
      const head = e.code !== undefined ? `${t(`errors.${e.code}`, { defaultValue: e.message })} (${e.code})` : e.message;
      const lines = bad
        ? bad.errors.slice(0, 50).map((b) => {
          const value = b.orderNo || b.value;
          return t(value ? 'screens.crud.importLine' : 'screens.crud.importLineBare', { line: b.line, reason: t(`errors.${b.code}`), code: b.code, value });
        })
        : [];
      const more = bad && bad.count > lines.length ? [t('screens.crud.importMore', { count: bad.count - lines.length })] : [];
      await env.alert([bad ? t('screens.crud.importRefused', { count: bad.count }) : head, ...lines, ...more].join('\n'), { title: t('screens.crud.importFailed') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="crud-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <Button variant="outlined" startIcon={<FileUploadOutlined />} disabled={busy} onClick={() => input.current?.click()} data-testid="crud-import">
        {t('screens.crud.import')}
      </Button>
    </>
  );
}
