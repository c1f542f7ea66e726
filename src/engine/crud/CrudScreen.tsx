/**
 * The screen of a menu route whose path has `kind: "crud"` declarations: one list, or several
 * (a list and its categories) as tabs. The list itself is CrudView (useCrudController + views).
 */
import { useState } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { DECLARATION_FILES } from '../../schemas/index';
import { CrudView } from './CrudView';

export { CrudView } from './CrudView';
export type { CrudViewProps } from './CrudView';

/**
 * The screen of a menu route: the crud declaration whose path it is. Several declarations on
 * one path (a list and the list of its categories) show as tabs, the first one's title on top.
 */
export default function CrudScreen({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const decls = (DECLARATION_FILES as readonly ScreenDeclaration[]).filter((d) => d.kind === 'crud' && d.path === node.path);
  const [tab, setTab] = useState(0);
  if (decls.length === 0) return null;
  if (decls.length === 1) return <CrudView decl={decls[0]} />;
  const current = decls[Math.min(tab, decls.length - 1)];
  return (
    <CrudView
      key={current.id}
      decl={current}
      title={decls[0].title}
      tabs={
        <Tabs value={decls.indexOf(current)} onChange={(_e, i: number) => setTab(i)} variant="scrollable" allowScrollButtonsMobile data-testid="crud-tabs" sx={{ mt: -1, borderBottom: '1px solid', borderColor: 'divider' }}>
          {decls.map((d) => (
            <Tab key={d.id} label={t(d.title)} data-testid={`crud-tab-${d.id}`} sx={{ fontWeight: 600 }} />
          ))}
        </Tabs>
      }
    />
  );
}
