/**
 * The screen of a menu route whose path has `kind: "crud"` declarations: one list, or several
 * (a list and its categories) as tabs. The list itself is CrudView (useCrudController + views).
 * A child route of the path (routes/subRoutes.ts) is a list's own page: its wizard's step or
 * view page (engine/wizard), or its form page (`formPage`), shown alone.
 */
import { Suspense, useCallback } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { declarations } from '../declarations/catalogue';
import { CrudView } from './CrudView';
import { CrudPageScreen } from './CrudPageScreen';
import { lazyChunk } from '../lazy/lazyChunk';
import { PageLoader } from '../pages/PageLoader';
import { useUserMenu } from '../session/menu';
import { withFormWidgets } from '../registry/widgets';
import { subRouteOf } from '../routes/subRoutes';
import { WizardScreen } from '../wizard/WizardScreen';
import { wizardHref, wizardRoutes } from '../wizard/steps';
import type { FormMode } from './CrudForm';
import type { Row } from './useCrudList';

// A form declaration among the tabs (member settings) brings the form stack (RJSF, the
// validator, pickers): its own chunk, so a list does not load it before its rows.
const LazyFormView = lazyChunk(withFormWidgets(() => import('./FormScreen').then((m) => ({ default: m.FormView }))));
function FormView(props: React.ComponentProps<typeof LazyFormView>) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyFormView {...props} />
    </Suspense>
  );
}

/** The query parameter naming the selected tab of a path with several lists. */
export const TAB_PARAM = 'tab';

export { CrudView } from './CrudView';
export type { CrudViewProps } from './CrudView';

/** A list whose add, edit and view run through its wizard's routes. */
function WizardList({ decl, title, tabs }: { decl: ScreenDeclaration; title?: string; tabs?: React.ReactNode }) {
  const navigate = useNavigate();
  const openForm = useCallback((mode: FormMode, row?: Row) => navigate(wizardHref(decl, mode, row?.[decl.rowKey ?? 'id'])), [navigate, decl]);
  return <CrudView decl={decl} title={title} tabs={tabs} openForm={openForm} />;
}

/** The list of a crud declaration, its form in a dialog, on a page (`formPage`) or through its wizard. */
function ListOf({ decl, title, tabs }: { decl: ScreenDeclaration; title?: string; tabs?: React.ReactNode }) {
  if (decl.wizard) return <WizardList decl={decl} title={title} tabs={tabs} />;
  if (decl.formPage) return <CrudPageScreen decl={decl} title={title} tabs={tabs} />;
  return <CrudView decl={decl} title={title} tabs={tabs} />;
}

/**
 * The screen of a menu route: the crud declaration whose path it is. Several declarations on
 * one path (a list and the list of its categories) show as tabs, the first one's title on top.
 * A form declaration on the path (member settings beside the member list) is one of the tabs, and
 * so is a list declared `alsoOn` this path when the caller's menu lacks its own path.
 */
export default function CrudScreen({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const { paths } = useUserMenu();
  const all = declarations();
  // Lists lent to this path (alsoOn) follow its own screens, for a caller without their own menu.
  const decls = [
    ...all.filter((d) => (d.kind === 'crud' || (d.kind === 'form' && d.form)) && d.path === node.path),
    ...all.filter((d) => d.kind === 'crud' && d.alsoOn?.includes(node.path) && !paths.has(d.path)),
  ];
  // The chosen tab is in the address (?tab=<declaration id>): it survives a reload and can be linked.
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  if (decls.length === 0) return null;
  // A list's own page (a wizard step, its view page, a form page) shows alone, without the tabs.
  const sub = subRouteOf(node.path, pathname);
  const owner = sub ? decls.find((d) => d.kind === 'crud' && d.path === node.path && (wizardRoutes(d).includes(sub) || d.formPage === sub)) : undefined;
  if (owner?.wizard && wizardRoutes(owner).includes(sub)) return <WizardScreen key={owner.id} decl={owner} route={sub} />;
  if (owner) return <CrudPageScreen key={owner.id} decl={owner} />;
  if (decls.length === 1) return decls[0].kind === 'form' ? <FormView decl={decls[0]} /> : <ListOf decl={decls[0]} />;
  const current = decls.find((d) => d.id === params.get(TAB_PARAM)) ?? decls[0];
  const setTab = (i: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (i === 0) next.delete(TAB_PARAM);
      else next.set(TAB_PARAM, decls[i].id);
      return next;
    });
  const tabs = (
        <Tabs value={decls.indexOf(current)} onChange={(_e, i: number) => setTab(i)} variant="scrollable" allowScrollButtonsMobile data-testid="crud-tabs" sx={{ mt: -1, borderBottom: '1px solid', borderColor: 'divider' }}>
          {decls.map((d) => (
            <Tab key={d.id} label={t(d.title)} data-testid={`crud-tab-${d.id}`} sx={{ fontWeight: 600 }} />
          ))}
        </Tabs>
  );
  if (current.kind === 'form') return <FormView key={current.id} decl={current} title={decls[0].title} tabs={tabs} />;
  return <ListOf key={current.id} decl={current} title={decls[0].title} tabs={tabs} />;
}
