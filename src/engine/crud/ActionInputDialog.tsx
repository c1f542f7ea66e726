/**
 * The input of a row action (`grid.rowActions[].input`): after the confirmation, a small
 * declared form (checked by the shared validator, like every declared form) whose data is the
 * body of the action's call. Code-1 answers land on the fields; other failures show the Fail
 * modal and the dialog stays open with what the user typed.
 */
import { useMemo } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { resolveForm } from '../../domain/declarations';
import type { EngineRowAction } from './extensions';
import { useCallApi } from './apiCall';
import { DialogFrame } from '../shell/DialogFrame';
import { ActionIcon } from '../registry/icons';
import { schemaDefaults, toBody } from './schemaForm';
import { SchemaFields, useSchemaForm } from './useSchemaForm';
import { useFormSubmit } from './useFormSubmit';
import type { Row } from './useCrudList';

export interface ActionInputDialogProps {
  action: EngineRowAction & { input: NonNullable<EngineRowAction['input']> };
  row: Row;
  onClose: () => void;
  /** After a successful call: the answer. */
  /** The call answered: its answer, and the body that was sent. */
  onDone: (answer: unknown, body: Record<string, unknown>) => void;
}

export function ActionInputDialog({ action, row, onClose, onDone }: ActionInputDialogProps) {
  const { t } = useTranslation();
  const resolved = useMemo(() => resolveForm(action.input), [action.input]);
  const form = useSchemaForm({ form: resolved, initial: schemaDefaults(resolved.schema) });
  const callApi = useCallApi();
  const { busy, submit } = useFormSubmit(form, async (checked) => {
    const body = toBody(checked, resolved.schema);
    const answer = await callApi(action.api, row, { body, silent: true });
    onDone(answer, body);
  });

  return (
    <DialogFrame
      testId="action-input"
      size="md"
      title={t(action.input.title ?? action.label, row)}
      icon={<ActionIcon name={action.icon} color={action.danger ? 'error' : 'primary'} />}
      onClose={onClose}
      dirty={form.dirty}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="outlined" color="inherit" onClick={onClose} sx={{ borderColor: 'divider' }} data-testid="action-input-cancel">
            {t('screens.crud.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={action.danger ? 'error' : 'primary'} disabled={busy} data-testid="action-input-submit">
            {t(action.label)}
          </Button>
        </>
      }
    >
      <SchemaFields state={form} />
    </DialogFrame>
  );
}
