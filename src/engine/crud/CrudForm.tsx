/**
 * The form dialog of a declared screen, modes view (read-only), add and edit, on @rjsf/mui.
 * The form itself (localized schema, conditional fields, the shared validator on submit
 * first then on every change, server field errors, the invalid-form modal) is
 * useSchemaForm; this adds the record, the modes and the dialog. Enter submits (the dialog
 * is one form; RJSF renders a div inside it).
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddCircleOutlineRounded from '@mui/icons-material/AddCircleOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { editForm, resolveForm, type ScreenDeclaration } from '../../domain/declarations';
import { useApi } from '../api/swr';
import { useEngineEnv } from '../env/EngineEnv';
import { resolveCall, useCallApi } from './apiCall';
import { DialogFrame, PageFrame } from '../shell/DialogFrame';
import { FormAction } from '../registry/formActions';
import { encodeBody } from './multipart';
import { schemaDefaults, toBody, toFormData, withDefaults } from './schemaForm';
import { SchemaFields, useSchemaForm } from './useSchemaForm';
import { useFormSubmit } from './useFormSubmit';
import type { Row } from './useCrudList';

export { focusFirstInvalid } from './useSchemaForm';

export type FormMode = 'view' | 'add' | 'edit';

export interface CrudFormProps {
  decl: ScreenDeclaration;
  mode: FormMode;
  /** The list row of view and edit (its key loads the record). */
  row?: Row;
  onClose: () => void;
  onModeChange: (mode: FormMode) => void;
  /** Add mode: the data to start from (default: the schema's defaults). */
  initialData?: Record<string, unknown>;
  /** After a successful create or update: the body sent and the answer. */
  onSaved: (mode: 'add' | 'edit', body: Record<string, unknown>, answer: unknown) => void;
  /** Default 'dialog'; 'page' for a declaration's `formPage`. */
  frame?: 'dialog' | 'page';
}

type Data = Record<string, unknown>;

const NONE: readonly string[] = [];

function entityTitle(decl: ScreenDeclaration, mode: FormMode, t: (key: string, o?: Record<string, unknown>) => string, exists: (key: string) => boolean): string {
  const entityKey = decl.title.replace(/\.title$/, '.entity');
  const modeKey = mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle';
  if (entityKey !== decl.title && exists(entityKey)) return t(`screens.crud.${modeKey}`, { entity: t(entityKey) });
  return `${t(`screens.crud.${mode === 'add' ? 'add' : mode === 'edit' ? 'edit' : 'view'}`)} · ${t(decl.title)}`;
}

export function CrudForm({ decl, mode, row, initialData, onClose, onModeChange, onSaved, frame = 'dialog' }: CrudFormProps) {
  const { t, i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const formDecl = decl.form!;
  const rowKey = decl.rowKey ?? 'id';
  const resolved = useMemo(() => (mode === 'edit' ? editForm(formDecl) : resolveForm(formDecl)), [formDecl, mode]);

  // The record of view and edit: GET api.get when declared, else the list row.
  const getPath = mode !== 'add' && decl.api.get && row ? resolveCall(decl.api.get, row).path : null;
  const { data: record } = useApi<Data>(getPath, { revalidateOnMount: true, dedupingInterval: 0 });
  const loaded = mode === 'add' || !decl.api.get ? true : record !== undefined;

  const form = useSchemaForm({
    form: resolved,
    readOnly: mode === 'edit' ? (formDecl.readOnlyOnEdit ?? NONE) : NONE,
    initial: mode === 'add' ? { ...schemaDefaults(resolved.schema), ...initialData } : null,
    // A record's empty fields start from the declared defaults (product info not filled in yet).
    fallback: mode === 'add' ? {} : withDefaults(toFormData(record ?? row, resolved.schema), schemaDefaults(resolved.schema)),
  });
  const callApi = useCallApi();
  const env = useEngineEnv();
  const call = mode === 'add' ? decl.api.create : decl.api.update;

  const { busy, submit } = useFormSubmit(
    form,
    async (checked) => {
      if (!call || mode === 'view') return;
      const body = toBody(checked, resolved.schema, mode === 'edit' && row ? { name: rowKey, value: row[rowKey] } : undefined);
      // Declared questions before an edit is saved (confirmOnEdit: e.g. disabling a factory disables its lines and shifts).
      if (mode === 'edit') {
        const was = (record ?? row ?? {}) as Data;
        for (const q of formDecl.confirmOnEdit ?? []) {
          if (was[q.field] !== q.from || body[q.field] !== q.to) continue;
          const yes = await env.confirm({ title: t('screens.crud.confirmTitle'), message: t(q.message), tone: 'warning' });
          if (!yes) return;
        }
      }
      const answer = await callApi(call, { ...row, ...body }, { body: encodeBody(decl, body), silent: true });
      if (getPath) void mutate(getPath);
      onSaved(mode, body, answer);
    },
    mode !== 'view' && loaded,
  );

  const canEdit = mode === 'view' && (decl.modes ?? ['view', 'add', 'edit']).includes('edit') && Boolean(decl.api.update);
  const Icon = mode === 'add' ? AddCircleOutlineRounded : mode === 'edit' ? EditOutlined : VisibilityOutlined;

  const Frame = frame === 'page' ? PageFrame : DialogFrame;
  return (
    <Frame
      testId="crud-form"
      size={decl.dialogSize ?? 'md'}
      title={entityTitle(decl, mode, (k, o) => String(t(k, o)), (k) => i18n.exists(k))}
      icon={<Icon color="primary" />}
      onClose={onClose}
      dirty={mode !== 'view' && form.dirty}
      onSubmit={() => void submit()}
      actions={
        mode === 'view' ? (
          <>
            {decl.preview && <FormAction name="preview" kind={decl.preview} data={() => ({ ...row, ...form.current })} disabled={!loaded} />}
            <Button variant="outlined" color="inherit" onClick={onClose} sx={{ borderColor: 'divider' }} data-testid="crud-form-close">
              {t('screens.crud.close')}
            </Button>
            {canEdit && (
              <Button variant="contained" startIcon={<EditOutlined />} onClick={() => onModeChange('edit')} disabled={!loaded} data-testid="crud-form-edit">
                {t('screens.crud.edit')}
              </Button>
            )}
          </>
        ) : (
          <>
            {decl.preview && <FormAction name="preview" kind={decl.preview} data={() => ({ ...row, ...form.current })} disabled={!loaded} />}
            <Button variant="outlined" color="inherit" onClick={onClose} sx={{ borderColor: 'divider' }} data-testid="crud-form-cancel">
              {t('screens.crud.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy || !loaded} data-testid="crud-form-save">
              {t('screens.crud.save')}
            </Button>
          </>
        )
      }
    >
      <Box
        data-mode={mode}
        sx={
          mode === 'view'
            ? {
                // Read-only, but readable: disabled inputs keep the normal text colour, chosen
                // boxes keep the brand colour, and nothing looks like it opens.
                '& .Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
                '& .MuiFormControlLabel-root .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                '& .MuiInputBase-root .MuiInputBase-input.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
                // Date pickers (MUI X) draw their sections outside MuiInputBase-input.
                '& .MuiPickersInputBase-root.Mui-disabled .MuiPickersSectionList-root, & .MuiPickersInputBase-root.Mui-disabled .MuiPickersSectionList-section': { color: 'text.primary', opacity: 1, WebkitTextFillColor: 'currentColor' },
                '& .MuiInputLabel-root.Mui-disabled, & .MuiFormLabel-root.Mui-disabled': { color: 'text.secondary', WebkitTextFillColor: 'currentColor' },
                '& .MuiOutlinedInput-root.Mui-disabled .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
                '& .MuiCheckbox-root.Mui-checked.Mui-disabled, & .MuiRadio-root.Mui-checked.Mui-disabled, & .MuiCheckbox-indeterminate.Mui-disabled': { color: 'primary.main', opacity: 0.75 },
                '& .MuiSwitch-switchBase.Mui-checked.Mui-disabled': { color: 'primary.main' },
                '& .MuiChip-root.Mui-disabled': { opacity: 1 },
                '& .MuiAutocomplete-endAdornment, & .MuiSelect-icon, & .MuiPickersInputBase-root .MuiInputAdornment-root': { display: 'none' },
              }
            : undefined
        }
      >
        {loaded ? (
          <SchemaFields state={form} readonly={mode === 'view'} columns={decl.dialogSize === 'lg' ? 2 : 1} />
        ) : (
          <Box data-testid="crud-form-loading" sx={{ display: 'grid', gap: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
            <Skeleton height={120} />
          </Box>
        )}
      </Box>
    </Frame>
  );
}
