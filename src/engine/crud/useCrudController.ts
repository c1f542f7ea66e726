/**
 * The controller of a declared list: the list state (useCrudList), which dialog is open (the
 * form, a row action's input, a result shown once) and every write (remove, row actions,
 * form saves), each followed by the one refresh-after-write. Side effects go through the
 * engine environment (fetch, notify, confirm); the views only render what this holds.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { ScreenDeclaration } from '../../domain/declarations';
import { isJobQueued } from '../../domain/jobs';
import { isApiError } from '../api/ApiError';
import { useEngineEnv } from '../env/EngineEnv';
import { useLang } from '../i18n/useLang';
import { downloadFile } from '../jobs/download';
import { revalidateExportReports, trackJob } from '../jobs/runExport';
import { callPath, useCallApi } from './apiCall';
import type { FormMode } from './CrudForm';
import { formatCell } from '../../domain/format';
import type { EngineRowAction } from './extensions';
import type { ResultInfo } from './ResultDialog';
import { useCrudList, type Row } from './useCrudList';
import { writeTouches } from './listKey';

export type InputAction = EngineRowAction & { input: NonNullable<EngineRowAction['input']> };

/** Failed calls already showed the Fail modal (the api client); anything else is a bug. */
export function ignoreApiError(e: unknown): void {
  if (!isApiError(e)) throw e;
}

export interface CrudControllerOptions {
  /** Opens the form elsewhere than in the dialog (a declaration's `formPage`). */
  openForm?: (mode: FormMode, row?: Row) => void;
}

export function useCrudController(decl: ScreenDeclaration, options: CrudControllerOptions = {}) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const env = useEngineEnv();
  const callApi = useCallApi();
  const { mutate } = useSWRConfig();
  const list = useCrudList(decl);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row; seq: number } | null>(null);
  const [result, setResult] = useState<ResultInfo | null>(null);
  const [input, setInput] = useState<{ action: InputAction; row: Row } | null>(null);
  const [partDialog, setPartDialog] = useState<{ action: EngineRowAction; row: Row } | null>(null);

  /**
   * The one refresh after a write. 'first': add, edit and remove read every cached page again
   * and go back to page 1 (SPEC.md); 'stay': a row action reads the current page again. Both
   * read the list once more after grid.refresh.afterWriteMs, and every cached read beside or
   * below the list's path (its option sources: system/announcement/category/options under
   * system/announcement/category, marketing/product/category-detail beside
   * marketing/product/category), so a select opened next (on this or a sibling tab) offers what
   * was just written. swr's mutate also forgets a read of the last 2 s that a select mounted
   * next would otherwise share (its dedupe), the old answer with it.
   */
  const afterWrite = useCallback(
    async (page: 'first' | 'stay') => {
      const base = callPath(decl.api.list);
      const related = base ? mutate((k) => writeTouches(base, k)) : Promise.resolve();
      if (page === 'first') await list.refresh();
      else await mutate((k) => Array.isArray(k) && k[0] === base);
      list.refreshAfterWrite();
      await related;
    },
    [decl.api.list, list, mutate],
  );

  const { openForm } = options;
  const open = useCallback(
    (mode: FormMode, row?: Row) => (openForm ? openForm(mode, row) : setDialog((d) => ({ mode, row, seq: (d?.seq ?? 0) + 1 }))),
    [openForm],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const remove = async (row: Row) => {
    const yes = await env.confirm({ title: t('screens.crud.removeTitle'), message: t('screens.crud.removeConfirm', row), tone: 'warning' });
    if (!yes) return;
    await callApi(decl.api.remove!, row);
    env.notify(t('screens.crud.successDelete'));
    await afterWrite('first');
  };

  /**
   * What a row action's export is called on the progress card until the job names its file:
   * the action and the row as the list's first column shows it, with the chosen format
   * ("Export codes: Package no. 3 (CSV)"), never "Export #12".
   */
  const jobLabel = (action: EngineRowAction, row: Row, body?: Record<string, unknown>): string => {
    const first = decl.grid?.columns?.[0];
    const tr = (k: string, o?: Record<string, unknown>) => String(t(k, o));
    const value = first ? formatCell(first, row[first.key], tr, lang, row) : '';
    const what = first && value ? `: ${t(first.label)} ${value}` : '';
    const format = typeof body?.format === 'string' && body.format ? ` (${body.format.toUpperCase()})` : '';
    return `${t(action.label)}${what}${format}`;
  };

  /** What follows a row action's call: its result shown once, or its notice; the page reloads. */
  const afterAction = async (action: EngineRowAction, row: Row, answer: unknown, body?: Record<string, unknown>) => {
    // An export answers a queued job: the jobs host follows it (noticeExport, progress, download).
    if (isJobQueued(answer)) trackJob(answer, null, jobLabel(action, row, body));
    else if (action.result) setResult({ key: action.result, known: row, answer });
    else env.notify(t(action.notice ?? 'screens.crud.successEdit'));
    if (action.download) void revalidateExportReports(mutate);
    await afterWrite('stay');
  };

  const runAction = async (action: EngineRowAction, row: Row) => {
    // An action with a dialog part: the part asks what the call needs and makes it.
    if (action.dialog) {
      setPartDialog({ action, row });
      return;
    }
    if (action.confirm) {
      const yes = await env.confirm({ title: t(action.label), message: t(action.confirm, row), tone: action.danger ? 'warning' : 'default' });
      if (!yes) return;
    }
    // An action with an input asks for it (a small form) and sends its data as the body.
    if (action.input) {
      setInput({ action: action as InputAction, row });
      return;
    }
    // A download action fetches the row's file first (masked), then calls its api.
    if (action.download) await downloadFile(String(row[action.download]));
    const answer = await callApi(action.api, row);
    await afterAction(action, row, answer);
  };

  const filtered = useMemo(
    () => Object.values(list.filters).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
    [list.filters],
  );

  return {
    decl,
    list,
    filtered,
    dialog,
    result,
    input,
    partDialog,
    closePartDialog: () => setPartDialog(null),
    open,
    closeDialog,
    remove: (row: Row) => void remove(row).catch(ignoreApiError),
    action: (a: EngineRowAction, row: Row) => void runAction(a, row).catch(ignoreApiError),
    /** The form dialog saved: close it, say so, show the create result if declared, refresh. */
    saved: (mode: FormMode, body: Record<string, unknown>, answer: unknown) => {
      // `afterEdit: "view"` (popular products, SPEC.md 4): an edit reopens the record in view
      // mode, with what was saved (the answer's fields when it is the record); an add closes.
      if (mode === 'edit' && decl.afterEdit === 'view') {
        const saved = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Row) : {};
        setDialog((d) => ({ mode: 'view', row: { ...d?.row, ...body, ...saved }, seq: (d?.seq ?? 0) + 1 }));
      } else setDialog(null);
      env.notify(t(mode === 'add' ? 'screens.crud.successAdd' : 'screens.crud.successEdit'));
      if (mode === 'add' && decl.grid?.createResult) setResult({ key: decl.grid.createResult, known: body, answer });
      void afterWrite('first');
    },
    /** A row action's input dialog answered. */
    inputDone: (answer: unknown, body?: Record<string, unknown>) => {
      if (!input) return;
      setInput(null);
      void afterAction(input.action, input.row, answer, body).catch(ignoreApiError);
    },
    closeInput: () => setInput(null),
    /** The toolbar import succeeded: the list from page 1. */
    imported: () => void afterWrite('first'),
    closeResult: () => setResult(null),
  };
}

export type CrudController = ReturnType<typeof useCrudController>;
