/**
 * The form dialog of a declared screen, modes view (read-only), add and edit, on @rjsf/mui.
 *  - The schema and uiSchema come from the declaration, localized (schemaForm.ts).
 *  - Validation: RJSF's own is off; the shared validator (createValidator of the resolved
 *    form, editForm in edit mode) runs on submit first, then on every change so errors clear
 *    as the user corrects them. Errors show under their fields in the interface language.
 *  - An invalid submit (or a code-1 answer of the server, whose FieldErrors land on the
 *    fields too) opens the shared modal 'validation.invalidForm' with only a confirm button;
 *    closing it puts the focus on the first invalid field.
 *  - Enter submits (the dialog is one form; RJSF renders a div inside it).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddCircleOutlineRounded from '@mui/icons-material/AddCircleOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { FieldErrors } from '../../domain/api';
import { editForm, resolveForm, type ScreenDeclaration } from '../../domain/declarations';
import { createValidator } from '../../domain/validation/index';
import { FIELD_WIDGETS, WIDGETS } from '../../widgets/index';
import { isApiError } from '../api/ApiError';
import { apiEnv } from '../api/env';
import { useApi } from '../api/swr';
import { useFeedback } from '../feedback/FeedbackProvider';
import { callApi, resolveCall } from './apiCall';
import { CrudDialog } from './CrudDialog';
import { pathNameGenerator, rjsfTemplates, rjsfValidator, type FormContext } from './rjsf';
import { buildUiSchema, localizeSchema, schemaDefaults, toBody, toErrorSchema, toFormData } from './schemaForm';
import type { Row } from './useCrudList';

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
}

type Data = Record<string, unknown>;

const valueAt = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);

/** Focuses the first enabled input (in page order) that belongs to an invalid field. */
export function focusFirstInvalid(root: ParentNode | null, errors: FieldErrors): boolean {
  if (!root) return false;
  const paths = Object.keys(errors);
  if (!paths.length) return false;
  const inputs = root.querySelectorAll<HTMLElement>('input[name], textarea[name], select[name]');
  for (const el of inputs) {
    const name = el.getAttribute('name') ?? '';
    if ((el as HTMLInputElement).disabled) continue;
    if (!paths.some((p) => name === p || name.startsWith(`${p}.`) || p.startsWith(`${name}.`))) continue;
    // Hidden inputs of MUI selects and pickers: focus their visible control instead.
    const target =
      el.getAttribute('aria-hidden') === 'true'
        ? el.parentElement?.querySelector<HTMLElement>('[role="combobox"], [contenteditable="true"], [tabindex="0"]')
        : el;
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}

function entityTitle(decl: ScreenDeclaration, mode: FormMode, t: (key: string, o?: Record<string, unknown>) => string, exists: (key: string) => boolean): string {
  const entityKey = decl.title.replace(/\.title$/, '.entity');
  const modeKey = mode === 'add' ? 'addTitle' : mode === 'edit' ? 'editTitle' : 'viewTitle';
  if (entityKey !== decl.title && exists(entityKey)) return t(`screens.crud.${modeKey}`, { entity: t(entityKey) });
  return `${t(`screens.crud.${mode === 'add' ? 'add' : mode === 'edit' ? 'edit' : 'view'}`)} · ${t(decl.title)}`;
}

export function CrudForm({ decl, mode, row, initialData, onClose, onModeChange, onSaved }: CrudFormProps) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const formDecl = decl.form!;
  const rowKey = decl.rowKey ?? 'id';
  const resolved = useMemo(() => (mode === 'edit' ? editForm(formDecl) : resolveForm(formDecl)), [formDecl, mode]);
  const validate = useMemo(() => createValidator(resolved), [resolved]);

  // The record of view and edit: GET api.get when declared, else the list row.
  const getPath = mode !== 'add' && decl.api.get && row ? resolveCall(decl.api.get, row).path : null;
  const { data: record } = useApi<Data>(getPath, { revalidateOnMount: true, dedupingInterval: 0 });
  const loaded = mode === 'add' || !decl.api.get ? true : record !== undefined;

  const rjsfSchema = useMemo(() => localizeSchema(resolved.schema, (k) => t(k)) as RJSFSchema, [resolved, t]);
  const uiSchema = useMemo(
    () => buildUiSchema(resolved.schema, formDecl.uiSchema, (k, o) => t(k, o), { readOnly: mode === 'edit' ? formDecl.readOnlyOnEdit : [] }) as UiSchema,
    [resolved, formDecl, mode, t],
  );

  const [data, setData] = useState<Data | null>(() => (mode === 'add' ? { ...schemaDefaults(resolved.schema), ...initialData } : null));
  const current: Data = data ?? (mode === 'add' ? {} : toFormData(record ?? row, resolved.schema));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);

  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);
  const extraErrors = useMemo(() => {
    const messages: Record<string, string> = {};
    for (const [path, e] of Object.entries(errors)) {
      messages[path] = String(t(`validation.${e.key}`, { ...(e.params ?? {}), defaultValue: t('validation.invalid') }));
    }
    return toErrorSchema(messages) as ErrorSchema;
  }, [errors, t]);

  const showInvalid = useCallback(
    (errs: FieldErrors) => {
      feedback.alert(t('validation.invalidForm'), {
        title: t('common.notice'),
        onClose: () => setTimeout(() => focusFirstInvalid(rootRef.current, errs), 30),
      });
    },
    [feedback, t],
  );

  const onChange = (e: IChangeEvent) => {
    const next = (e.formData ?? {}) as Data;
    const before = current;
    setData(next);
    if (submitted) setClientErrors(validate(next));
    // A server error goes once its field changes.
    setServerErrors((errs) => {
      const kept = Object.fromEntries(Object.entries(errs).filter(([path]) => JSON.stringify(valueAt(next, path)) === JSON.stringify(valueAt(before, path))));
      return Object.keys(kept).length === Object.keys(errs).length ? errs : kept;
    });
  };

  const submit = async () => {
    if (mode === 'view' || busy || !loaded) return;
    const errs = validate(current);
    setSubmitted(true);
    setClientErrors(errs);
    setServerErrors({});
    if (Object.keys(errs).length) {
      showInvalid(errs);
      return;
    }
    const call = mode === 'add' ? decl.api.create : decl.api.update;
    if (!call) return;
    const body = toBody(current, resolved.schema, mode === 'edit' && row ? { name: rowKey, value: row[rowKey] } : undefined);
    setBusy(true);
    try {
      const answer = await callApi(call, { ...row, ...body }, { body, silent: true });
      if (getPath) void mutate(getPath);
      onSaved(mode, body, answer);
    } catch (e) {
      const fields = isApiError(e) ? e.fieldErrors : null;
      if (fields) {
        setServerErrors(fields);
        showInvalid(fields);
      } else if (isApiError(e)) apiEnv().onFailure(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const formContext: FormContext = { columns: decl.dialogSize === 'lg' ? 2 : 1 };
  const canEdit = mode === 'view' && (decl.modes ?? ['view', 'add', 'edit']).includes('edit') && Boolean(decl.api.update);
  const Icon = mode === 'add' ? AddCircleOutlineRounded : mode === 'edit' ? EditOutlined : VisibilityOutlined;

  return (
    <CrudDialog
      testId="crud-form"
      size={decl.dialogSize ?? 'md'}
      title={entityTitle(decl, mode, (k, o) => String(t(k, o)), (k) => i18n.exists(k))}
      icon={<Icon color="primary" />}
      onClose={onClose}
      onSubmit={() => void submit()}
      actions={
        mode === 'view' ? (
          <>
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
        ref={rootRef}
        data-mode={mode}
        sx={
          mode === 'view'
            ? {
                // Read-only, but readable: disabled inputs keep the normal text colour, chosen
                // boxes keep the brand colour, and nothing looks like it opens.
                '& .Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
                '& .MuiFormControlLabel-root .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                '& .MuiInputBase-root .MuiInputBase-input.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
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
          <Form
            tagName="div"
            schema={rjsfSchema}
            uiSchema={uiSchema}
            formData={current}
            validator={rjsfValidator}
            widgets={WIDGETS}
            fields={FIELD_WIDGETS}
            templates={rjsfTemplates}
            formContext={formContext}
            nameGenerator={pathNameGenerator}
            noValidate
            noHtml5Validate
            showErrorList={false}
            extraErrors={extraErrors}
            readonly={mode === 'view'}
            experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults' }}
            onChange={onChange}
          >
            <></>
          </Form>
        ) : (
          <Box data-testid="crud-form-loading" sx={{ display: 'grid', gap: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
            <Skeleton height={120} />
          </Box>
        )}
      </Box>
    </CrudDialog>
  );
}
