/**
 * The screen of a `kind: "form"` declaration: one record of the tenant edited in place (other
 * settings). The record is read with `api.get` and shown in edit mode at once, with Save (and
 * Undo while something changed). Save checks the form with the shared validator like every
 * declared form, sends the declared fields (a hidden `id` included: without it the server
 * creates, with it it updates; 200 and 201 are both success) with `api.update`, tells success
 * and reads the record again. Code-1 answers land on the fields; any other failure shows the
 * Fail modal (e.g. 1801, the tenant already has its settings) and keeps what the user typed.
 * With `reloadConfig` the tenant config is read again after a save, so what it publishes (the
 * top bar's logo, the login page's background and hint) follows at once.
 *
 * Placeholders of its calls are filled from the session (`{tenantCode}`, `{tenantId}`).
 * Several form declarations on one path show one under the other, each with its own Save
 * (the layout and its title display name); the first one's title heads the page. A
 * declaration with `preview` gets the preview action (src/marketing, a registered form action) beside Save.
 *
 * `modes` with "view" (member settings): a saved record (an `id`) shows read-only with Edit;
 * Edit opens it for change with Save and Cancel; a save goes back to view. A record without an
 * `id` is in add mode (when "add" is a mode) and saves with `api.create` when declared, else
 * `api.update`. A form declaration on the path of crud declarations is one of their tabs
 * (CrudScreen); `title` and `tabs` are then the path's.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import UndoRounded from '@mui/icons-material/UndoRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { resolveForm, type ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { declarations } from '../declarations/catalogue';
import { useApi } from '../api/swr';
import { useEngineEnv } from '../env/EngineEnv';
import { configKey } from '../session/config';
import { useSession } from '../session/store';
import { resolveCall, useCallApi } from './apiCall';
import { reloadsConfig } from './extensions';
import { CompactFields } from '../shell/DialogFrame';
import { PageHeader } from './PageHeader';
import { schemaDefaults, toBody, toFormData, withDefaults } from './schemaForm';
import { encodeBody } from './multipart';
import { FormAction } from '../registry/formActions';
import { SchemaFields, useSchemaForm } from './useSchemaForm';
import { useFormSubmit } from './useFormSubmit';

type Data = Record<string, unknown>;

/** Values of call placeholders a form screen takes from the session. */
export function sessionValues(session: ReturnType<typeof useSession>, lang?: string): Record<string, unknown> {
  return session ? { tenantCode: session.user.tenantCode, tenantId: session.user.tenantId, ...(lang ? { lang } : {}) } : {};
}


export function FormView({ decl, header = true, title, tabs }: { decl: ScreenDeclaration; header?: boolean; title?: string; tabs?: ReactNode }) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  const session = useSession();
  const { mutate } = useSWRConfig();
  const callApi = useCallApi();
  const resolved = useMemo(() => resolveForm(decl.form!), [decl.form]);
  const { i18n } = useTranslation();
  const values = sessionValues(session, i18n.language);
  let getPath: string | null = null;
  try {
    getPath = decl.api.get ? resolveCall(decl.api.get, values).path : null;
  } catch {
    getPath = null; // a placeholder the session lacks: nothing to read yet
  }
  const { data: record, error } = useApi<Data>(getPath, { revalidateOnMount: true, dedupingInterval: 0 });
  const loaded = !getPath || record !== undefined;
  const defaults = useMemo(() => schemaDefaults(resolved.schema), [resolved]);
  const fallback = useMemo(() => withDefaults(toFormData(record, resolved.schema), defaults), [record, resolved, defaults]);
  const form = useSchemaForm({ form: resolved, fallback });
  const [editing, setEditing] = useState(false);
  const withModes = decl.modes?.includes('view') ?? false;
  const isNew = loaded && (!record || record.id === null || record.id === undefined);
  const mode: 'view' | 'add' | 'edit' = !withModes ? 'edit' : isNew && decl.modes?.includes('add') ? 'add' : editing ? 'edit' : 'view';
  const saveCall = mode === 'add' ? (decl.api.create ?? decl.api.update) : decl.api.update;

  const sent = form.current;
  const { busy, submit } = useFormSubmit(
    form,
    async (checked) => {
      if (!saveCall) return;
      const body = toBody(checked, resolved.schema);
      await callApi(saveCall, { ...values, ...body }, { body: encodeBody(decl, body), silent: true });
      const code = session?.user.tenantCode;
      if (reloadsConfig(decl) && code) void mutate(configKey(code));
      if (getPath) await mutate(getPath).catch(() => undefined);
      form.resetUnlessChangedSince(sent);
      setEditing(false);
      env.notify(t(mode === 'add' ? 'screens.crud.successAdd' : 'screens.crud.successEdit'));
    },
    loaded && Boolean(saveCall) && mode !== 'view',
  );

  return (
    <Box data-testid={`form-${decl.id}`} data-mode={mode} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {header ? <PageHeader decl={title ? { title, description: tabs ? undefined : decl.description } : decl} /> : <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', mt: 1 }}>{t(decl.title)}</Typography>}
      {tabs}
      {tabs && decl.description && <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5 }}>{t(decl.description)}</Typography>}
      {!header && decl.description && <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>{t(decl.description)}</Typography>}
      <Paper
        component="form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ border: '1px solid', borderColor: 'divider', boxShadow: '0 1px 2px rgba(16,24,40,0.04)', maxWidth: decl.dialogSize === 'lg' ? 1040 : 820, minWidth: 0 }}
      >
        <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
          {loaded ? (
            <CompactFields>
              <SchemaFields state={form} readonly={mode === 'view'} columns={decl.dialogSize === 'lg' ? 2 : 1} />
            </CompactFields>
          ) : (
            <Box data-testid="form-loading" sx={{ display: 'grid', gap: 2 }}>
              <Skeleton height={96} />
              <Skeleton height={120} />
              <Skeleton height={120} />
            </Box>
          )}
          {error && !record && <Box sx={{ color: 'text.secondary', fontSize: 14 }}>{t('screens.crud.loadFailed')}</Box>}
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, px: { xs: 2, sm: 3 }, py: 2 }}>
          {decl.preview && (
            <Box sx={{ mr: 'auto' }}>
              <FormAction name="preview" kind={decl.preview} data={() => form.current} disabled={!loaded} />
            </Box>
          )}
          {withModes && (
            <Chip size="small" variant="outlined" data-testid="form-mode" sx={{ mr: 'auto', alignSelf: 'center' }}
              label={t(mode === 'add' ? 'screens.crud.add' : mode === 'edit' ? 'screens.crud.edit' : 'screens.crud.view')} />
          )}
          {mode === 'view' ? (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setEditing(true)} disabled={!loaded} data-testid="form-edit">
              {t('screens.crud.edit')}
            </Button>
          ) : (
            <>
              {mode === 'edit' && withModes && (
                <Button variant="outlined" color="inherit" onClick={() => { form.reset(); setEditing(false); }} disabled={busy} sx={{ borderColor: 'divider' }} data-testid="form-cancel">
                  {t('screens.crud.cancel')}
                </Button>
              )}
              {form.changed && (
                <Button variant="outlined" color="inherit" startIcon={<UndoRounded />} onClick={form.reset} disabled={busy} sx={{ borderColor: 'divider' }} data-testid="form-undo">
                  {t('screens.crud.undo')}
                </Button>
              )}
              <Button type="submit" variant="contained" startIcon={<SaveOutlined />} disabled={busy || !loaded} data-testid="form-save">
                {t('screens.crud.save')}
              </Button>
            </>
          )}
        </Box>
      </Paper>
    </Box>
  );
}

/** The menu route of a form declaration. */
export default function FormScreen({ node }: { node: MenuNode }) {
  const decls = declarations().filter((d) => d.kind === 'form' && d.path === node.path && d.form);
  if (decls.length === 0) return null;
  if (decls.length === 1) return <FormView decl={decls[0]} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      {decls.map((d, i) => (
        <FormView key={d.id} decl={d} header={i === 0} />
      ))}
    </Box>
  );
}
