/**
 * A crud declaration with `formPage` (point activities, SPEC.md 2 "point-activity: list and
 * config"): the list at the screen's path, and view / add / edit on a page of their own at
 * `<path>/<formPage>?mode=view|add|edit&id=N` instead of a dialog.
 *
 *  - the page without mode and id (or view/edit without id) goes back to the list (replace);
 *  - an id without mode is view;
 *  - a save in add mode goes back one page (the list, or where the user came from; the list
 *    itself when the page was opened directly), a save in edit mode shows the record in view
 *    mode (`afterEdit: "view"`, SPEC.md 4), else back to the list;
 *  - Cancel in edit mode returns to view mode; the back button and Close go to the list;
 *  - every write reads the list's cached pages again, and the reads beside and below it (its
 *    option sources), as the dialog's saves do (listKey.ts writtenThrough).
 */
import { Suspense, useCallback } from 'react';
import Box from '@mui/material/Box';
import { Spinner } from '../feedback/Spinner';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { ScreenDeclaration } from '../../domain/declarations';
import { useEngineEnv } from '../env/EngineEnv';
import { lazyChunk } from '../lazy/lazyChunk';
import { subRouteOf } from '../routes/subRoutes';
import { callPath } from './apiCall';
import { writtenThrough } from './listKey';
import type { FormMode } from './CrudForm';
import { CrudView } from './CrudView';
import type { Row } from './useCrudList';
import { withFormWidgets } from '../registry/widgets';

const CrudForm = lazyChunk(withFormWidgets(() => import('./CrudForm').then((m) => ({ default: m.CrudForm }))));

/** The address of the form page of a row (view, edit) or a new record (add). */
export function formPageHref(decl: ScreenDeclaration, mode: FormMode, id?: unknown): string {
  const q = new URLSearchParams({ mode });
  if (mode !== 'add' && id !== undefined && id !== null) q.set('id', String(id));
  return `${decl.path}/${decl.formPage}?${q.toString()}`;
}

function FormPage({ decl }: { decl: ScreenDeclaration }) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [params] = useSearchParams();
  const rowKey = decl.rowKey ?? 'id';
  const rawMode = params.get('mode');
  const id = params.get('id');
  const mode: FormMode | null = rawMode === 'add' ? 'add' : rawMode === 'edit' ? 'edit' : rawMode === 'view' || (!rawMode && id) ? 'view' : null;

  const toList = useCallback(() => navigate(decl.path), [navigate, decl.path]);
  const back = useCallback(() => {
    // react-router keeps the position in history.state.idx: 0 means the page was opened directly.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(decl.path, { replace: true });
  }, [navigate, decl.path]);

  if (!mode || (mode !== 'add' && !id)) return <Navigate to={decl.path} replace />;
  const row: Row | undefined = mode === 'add' ? undefined : { [rowKey]: /^\d+$/.test(id!) ? Number(id) : id };
  const go = (next: FormMode) => navigate(formPageHref(decl, next, id), { replace: true });

  const saved = (saveMode: 'add' | 'edit', _body: Record<string, unknown>, answer: unknown) => {
    env.notify(t(saveMode === 'add' ? 'screens.crud.successAdd' : 'screens.crud.successEdit'));
    const base = callPath(decl.api.list);
    void mutate(writtenThrough(base));
    if (saveMode === 'add') back();
    else if (decl.afterEdit === 'view') {
      const savedId = answer && typeof answer === 'object' ? (answer as Row)[rowKey] : undefined;
      navigate(formPageHref(decl, 'view', savedId ?? id), { replace: true });
    } else toList();
  };

  return (
    <Suspense fallback={<Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}><Spinner size={32} /></Box>}>
      <CrudForm
        key={`${mode}-${id ?? ''}`}
        frame="page"
        decl={decl}
        mode={mode}
        row={row}
        onClose={mode === 'edit' ? () => go('view') : mode === 'add' ? back : toList}
        onModeChange={go}
        onSaved={saved}
      />
    </Suspense>
  );
}

export function CrudPageScreen({ decl, title, tabs }: { decl: ScreenDeclaration; title?: string; tabs?: React.ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const openForm = useCallback((mode: FormMode, row?: Row) => navigate(formPageHref(decl, mode, row?.[decl.rowKey ?? 'id'])), [navigate, decl]);
  if (decl.formPage && subRouteOf(decl.path, pathname) === decl.formPage) return <FormPage decl={decl} />;
  return <CrudView decl={decl} title={title} tabs={tabs} openForm={openForm} />;
}
