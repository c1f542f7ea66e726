/**
 * The screen a declaration makes, rendered by the engine itself (CrudView and the declared
 * form) through an engine environment whose `fetch` answers sample rows (sample.ts): the list
 * never calls the server's list, writes never leave the browser, option sources are read from
 * the server. The form shows in add, edit and view modes inline, validated live by the shared
 * validator from the first change (its invalid-form alert muted: the errors show under the
 * fields as one types).
 */
import { Component, useEffect, useMemo, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { editForm, resolveForm, type ScreenDeclaration } from '../../domain/declarations';
import { CrudView } from '../crud/CrudView';
import { CompactFields } from '../shell/DialogFrame';
import { schemaDefaults, toFormData } from '../crud/schemaForm';
import { SchemaFields, useSchemaForm, type FormData } from '../crud/useSchemaForm';
import { EngineEnvProvider, type EngineEnv } from '../env/EngineEnv';
import { request } from '../api/client';
import { useFeedback } from '../feedback/FeedbackProvider';
import { sampleFetch, sampleRecord, sampleRows, type Row } from './sample';

export type PreviewMode = 'list' | 'add' | 'edit' | 'view';

const NONE: readonly string[] = [];

/** A declaration that breaks the renderer shows what broke; the next edit tries again. */
class PreviewBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }
  render() {
    if (this.state.error) {
      return (
        <Alert severity="error" data-testid="playground-preview-error" sx={{ whiteSpace: 'pre-wrap' }}>
          {this.state.error.message}
        </Alert>
      );
    }
    return this.props.children;
  }
}

interface FormPreviewProps {
  decl: ScreenDeclaration;
  mode: Exclude<PreviewMode, 'list'>;
  record: Row;
  /** What was typed in the preview form, kept while the declaration changes. */
  kept: React.MutableRefObject<Partial<Record<PreviewMode, FormData>>>;
}

function FormPreview({ decl, mode, record, kept }: FormPreviewProps) {
  const formDecl = decl.form!;
  const resolved = useMemo(() => (mode === 'edit' ? editForm(formDecl) : resolveForm(formDecl)), [formDecl, mode]);
  const form = useSchemaForm({
    form: resolved,
    readOnly: mode === 'edit' ? (formDecl.readOnlyOnEdit ?? NONE) : NONE,
    initial: kept.current[mode] ?? (mode === 'add' ? schemaDefaults(resolved.schema) : null),
    fallback: mode === 'add' ? {} : toFormData(record, resolved.schema),
  });
  // Live validation: from the first change (or at once for what was typed before the
  // declaration changed), the shared validator runs on every change.
  const checked = useRef(false);
  useEffect(() => {
    if (mode === 'view' || checked.current || !form.changed) return;
    checked.current = true;
    form.check();
  }, [form, mode]);
  useEffect(() => {
    if (form.changed) kept.current[mode] = form.current;
  }, [form.changed, form.current, kept, mode]);
  return (
    <CompactFields>
      <SchemaFields state={form} readonly={mode === 'view'} columns={decl.dialogSize === 'lg' ? 2 : 1} />
    </CompactFields>
  );
}

export interface PreviewProps {
  decl: ScreenDeclaration;
  mode: PreviewMode;
  /** Changes whenever the declaration does (remounts what must start again). */
  version: string;
}

export function Preview({ decl, mode, version }: PreviewProps) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const label = (key: string) => String(t(key));
  const rows = useMemo(() => sampleRows(decl, label), [decl, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const record = useMemo(() => sampleRecord(decl, rows[0] ?? {}, label), [decl, rows]); // eslint-disable-line react-hooks/exhaustive-deps
  const env = useMemo<Partial<EngineEnv>>(
    () => ({
      fetch: sampleFetch(decl, rows, label, (method, path, options) => request(method, path, options)),
      notify: (message) => feedback.toast(`${message} · ${t('playground.notSent')}`, 'info'),
    }),
    [decl, rows, feedback, t], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const muted = useMemo<Partial<EngineEnv>>(() => ({ alert: () => Promise.resolve() }), []);
  const kept = useRef<Partial<Record<PreviewMode, FormData>>>({});
  useEffect(() => {
    kept.current = {};
  }, [decl.id]);

  let body: ReactNode;
  if (mode === 'list') {
    body = decl.grid ? <CrudView key={version} decl={decl} /> : <Alert severity="info">{t('playground.noGrid')}</Alert>;
  } else if (!decl.form) {
    body = <Alert severity="info">{t('playground.noForm')}</Alert>;
  } else {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, maxWidth: decl.dialogSize === 'lg' ? 840 : 560, mx: 'auto' }} data-testid="playground-form" data-mode={mode}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {t(`screens.crud.${mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle'}`, { entity: t(decl.title.replace(/\.title$/, '.entity')) })}
        </Typography>
        <EngineEnvProvider env={muted}>
          <FormPreview key={`${mode}-${version}`} decl={decl} mode={mode} record={record} kept={kept} />
        </EngineEnvProvider>
      </Paper>
    );
  }
  return (
    <EngineEnvProvider env={env}>
      <PreviewBoundary resetKey={`${mode}-${version}`}>{body}</PreviewBoundary>
    </EngineEnvProvider>
  );
}
