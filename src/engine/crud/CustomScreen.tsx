/**
 * The screen of a `kind: "custom"` declaration: the page head (title, description) and the pane
 * the declaration names (`"pane": "helpDocuments"`), looked up in the pane registry. A pane
 * nobody registered shows a notice (the schema tests fail on it).
 */
import { Suspense, type ReactNode } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { declarations } from '../declarations/catalogue';
import { paneFor } from '../registry/panes';
import { PageHeader } from './PageHeader';
import { lazyChunk } from '../lazy/lazyChunk';
import { subRouteOf } from '../routes/subRoutes';

const TAB_PARAM = 'tab';
// A list tab beside a pane loads the list's chunk only when chosen.
const CrudView = lazyChunk(() => import('./CrudView').then((m) => ({ default: m.CrudView })));

function PaneLoading() {
  return (
    <Box data-testid="pane-loading" sx={{ display: 'grid', gap: 1 }}>
      <Skeleton height={56} />
      <Skeleton height={240} variant="rounded" />
    </Box>
  );
}

export function CustomView({ decl, node, tabs }: { decl: ScreenDeclaration; node: MenuNode; tabs?: ReactNode }) {
  const Pane = paneFor(decl.pane);
  return (
    <Box data-testid={`custom-${decl.id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <PageHeader decl={decl} />
      {tabs}
      {Pane ? (
        <Suspense fallback={<PaneLoading />}>
          <Pane decl={decl} node={node} />
        </Suspense>
      ) : (
        <Alert severity="warning">pane "{decl.pane}" is not registered (src/panes)</Alert>
      )}
    </Box>
  );
}

/**
 * The menu route of a custom declaration. Crud declarations on the same path show as tabs
 * beside it (the lottery list and its game templates), in the declarations' order, the chosen
 * one in `?tab=`, like CrudScreen's; a child route of the path (its steps, routes/subRoutes.ts)
 * shows the custom pane alone.
 */
export default function CustomScreen({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const decls = declarations().filter((d) => (d.kind === 'custom' || d.kind === 'crud') && d.path === node.path);
  const decl = decls.find((d) => d.kind === 'custom');
  if (!decl) return null;
  if (decls.length === 1 || subRouteOf(node.path, pathname)) return <CustomView decl={decl} node={node} />;
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
      {decls.map((d) => <Tab key={d.id} label={t(d.title)} data-testid={`crud-tab-${d.id}`} sx={{ fontWeight: 600 }} />)}
    </Tabs>
  );
  if (current.kind === 'custom') return <CustomView key={current.id} decl={current} node={node} tabs={tabs} />;
  return <Suspense fallback={<PaneLoading />}><CrudView key={current.id} decl={current} title={decls[0].title} tabs={tabs} /></Suspense>;
}
