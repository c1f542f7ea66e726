/**
 * One declared form's state and fields, shared by every place the engine shows a declared
 * form: the crud dialog (CrudForm), a row action's input (ActionInputDialog) and a
 * `kind: "form"` screen (FormScreen).
 *  - The schema and uiSchema come from the declaration, localized (schemaForm.ts); fields
 *    whose `ui:options.visibleIf` does not hold for the current data are hidden, and neither
 *    checked nor sent.
 *  - Validation: RJSF's own is off; the shared validator (createValidator of the resolved
 *    form) runs on submit first, then on every change so errors clear as the user corrects
 *    them. Errors show under their fields in the interface language.
 *  - An invalid submit, or a code-1 answer of the server whose FieldErrors land on the fields,
 *    opens the shared modal 'validation.invalidForm' with only a confirm button; closing it
 *    puts the focus on the first invalid field. A server error goes once its field changes.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Form from '@rjsf/mui';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/api';
import type { FormDeclarationJson } from '../../domain/declarations';
import { applyLogic, createValidator, requiredNow, type FormDeclaration } from '../../domain/validation/index';
import { loadFormWidgets, useFormWidgets } from '../registry/widgets';
import { useSession } from '../session/store';
import { useSessionConfig } from '../session/config';
import { isApiError } from '../api/ApiError';
import { apiEnv } from '../api/env';
import { useEngineEnv } from '../env/EngineEnv';
import { pathNameGenerator, rjsfTemplates, rjsfValidator, type FormContext } from './rjsf';
import { buildUiSchema, fieldTitle, hiddenPaths, hideFields, localizeSchema, toErrorSchema, withoutPaths, withRequired } from './schemaForm';

// The registered widgets start loading with this chunk (they were part of it before issue 24),
// so they are usually there when the first form renders.
void loadFormWidgets().catch(() => {});

export type FormData = Record<string, unknown>;

const NONE: readonly string[] = [];

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
    if ((el as HTMLInputElement).disabled || (el as HTMLInputElement).type === 'hidden') continue;
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

export interface SchemaFormOptions {
  /** The resolved form (resolveForm / editForm of a declaration). */
  form: FormDeclaration & FormDeclarationJson;
  /** Fields shown read-only (readOnlyOnEdit in edit mode). */
  readOnly?: readonly string[];
  /** The data to start from; null: `fallback` until the user changes something. */
  initial?: FormData | null;
  /** The data shown while the user changed nothing (a loaded record); read every render. */
  fallback?: FormData;
}

/** Data as comparable text: keys sorted, empty values (undefined, '') left out. */
function canonical(data: unknown): string {
  return JSON.stringify(data, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== '').sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

export function useSchemaForm({ form, readOnly = NONE, initial = null, fallback }: SchemaFormOptions) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  // Rules read the tenant's default language (`$defaultLanguage`: the names it requires, 6403).
  const defaultLanguage = useSessionConfig().data?.defaultLanguage;
  const validator = useMemo(() => createValidator(form), [form]);
  const validate = useCallback((d: FormData) => validator(d, { defaultLanguage }), [validator, defaultLanguage]);
  const localized = useMemo(() => localizeSchema(form.schema, (k) => t(k)) as RJSFSchema, [form, t]);
  const baseUi = useMemo(() => buildUiSchema(form.schema, form.uiSchema, (k, o) => t(k, o), { readOnly }), [form, readOnly, t]);

  const [data, setDataState] = useState<FormData | null>(initial);
  // The latest data, also between renders (an upload may end while a save is under way).
  const latest = useRef<FormData | null>(initial);
  const setData = (next: FormData | null) => {
    latest.current = next;
    setDataState(next);
  };
  const current: FormData = data ?? fallback ?? {};
  // Fields a required_if rule requires now carry the required mark like the schema's own.
  const requiredKey = requiredNow(form.rules ?? [], current).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rjsfSchema = useMemo(() => withRequired(localized, requiredKey ? requiredKey.split('|') : []), [localized, requiredKey]);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);

  const tenantType = useSession()?.user.tenantType;
  const hidden = useMemo(() => hiddenPaths(form.uiSchema, current, (logic, d) => applyLogic(logic, d), tenantType), [form, current, tenantType]);
  const hiddenKey = hidden.join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const uiSchema = useMemo(() => hideFields(baseUi, hidden) as UiSchema, [baseUi, hiddenKey]);
  /** What is checked and sent: the data less the hidden fields. */
  const visibleData = (d: FormData) => withoutPaths(d, hiddenPaths(form.uiSchema, d, (logic, x) => applyLogic(logic, x), tenantType));

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
      // The message names the fields to check, by their labels.
      const titles = [...new Set(Object.keys(errs).map((p) => fieldTitle(localized, p)).filter(Boolean))];
      const message = titles.length ? `${t('validation.invalidForm')}\n${t('validation.invalidFields', { fields: titles.join(t('screens.crud.listSeparator')) })}` : t('validation.invalidForm');
      void env
        .alert(message, { title: t('common.notice') })
        .then(() => setTimeout(() => focusFirstInvalid(rootRef.current, errs), 30));
    },
    [env, t, localized],
  );

  const onChange = (e: IChangeEvent) => {
    const next = (e.formData ?? {}) as FormData;
    const before = current;
    setData(next);
    if (submitted) setClientErrors(validate(visibleData(next)));
    setServerErrors((errs) => {
      const kept = Object.fromEntries(Object.entries(errs).filter(([path]) => JSON.stringify(valueAt(next, path)) === JSON.stringify(valueAt(before, path))));
      return Object.keys(kept).length === Object.keys(errs).length ? errs : kept;
    });
  };

  /**
   * Validates the current data (submit first): the data to send (hidden fields left out), or
   * null after marking the fields and opening the invalid-form modal.
   */
  const check = (): FormData | null => {
    const body = visibleData(current);
    const errs = validate(body);
    setSubmitted(true);
    setClientErrors(errs);
    setServerErrors({});
    if (Object.keys(errs).length) {
      showInvalid(errs);
      return null;
    }
    return body;
  };

  /** A failed write: code-1 field errors on the fields (and the modal), else the Fail modal. */
  const fail = (e: unknown): void => {
    const fields = isApiError(e) ? e.fieldErrors : null;
    if (fields) {
      setServerErrors(fields);
      showInvalid(fields);
    } else if (isApiError(e)) apiEnv().onFailure(e);
    else throw e;
  };

  /** Back to `fallback` (a reloaded record) with no errors. */
  const reset = () => {
    setData(null);
    setSubmitted(false);
    setClientErrors({});
    setServerErrors({});
  };

  /**
   * After a save: back to the reloaded record, unless the user changed something since the
   * data `sent` was taken (their newer edits stay).
   */
  const resetUnlessChangedSince = (sent: FormData) => {
    if (latest.current === null || latest.current === sent) reset();
  };

  const dirty = data !== null && canonical(data) !== canonical(initial ?? fallback ?? {});

  return { rjsfSchema, uiSchema, current, changed: data !== null, dirty, extraErrors, onChange, check, fail, reset, resetUnlessChangedSince, rootRef };
}

export type SchemaFormState = ReturnType<typeof useSchemaForm>;

export interface SchemaFieldsProps {
  state: SchemaFormState;
  readonly?: boolean;
  columns?: FormContext['columns'];
}

/** The fields of a declared form (no buttons: the dialog or screen carries them). */
export function SchemaFields({ state, readonly = false, columns = 1 }: SchemaFieldsProps) {
  const formContext: FormContext = { columns, formData: state.current };
  // The registered widgets load with the first form (registry/widgets.ts).
  const registered = useFormWidgets();
  if (!registered) {
    return (
      <Box ref={state.rootRef} data-testid="form-widgets-loading">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Box>
    );
  }
  return (
    <Box ref={state.rootRef}>
      <Form
        tagName="div"
        schema={state.rjsfSchema}
        uiSchema={state.uiSchema}
        formData={state.current}
        validator={rjsfValidator}
        widgets={registered.widgets}
        fields={registered.fields}
        templates={rjsfTemplates}
        formContext={formContext}
        nameGenerator={pathNameGenerator}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={state.extraErrors}
        readonly={readonly}
        experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults' }}
        onChange={state.onChange}
      >
        {/* biome-ignore lint/complexity/noUselessFragments: an empty child hides RJSF's own submit button */}
        <></>
      </Form>
    </Box>
  );
}
