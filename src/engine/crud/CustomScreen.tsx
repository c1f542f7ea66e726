/**
 * The screen of a `kind: "custom"` declaration: the page head (title, description) and the pane
 * the declaration names (`"pane": "helpDocuments"`), looked up in the pane registry. A pane
 * nobody registered shows a notice (the schema tests fail on it).
 */
import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { declarations } from '../declarations/catalogue';
import { paneFor } from '../registry/panes';
import { PageHeader } from './PageHeader';
import { PanelSkeleton } from '../feedback/PanelSkeleton';

export function CustomView({ decl, node }: { decl: ScreenDeclaration; node: MenuNode }) {
  const Pane = paneFor(decl.pane);
  return (
    <Box data-testid={`custom-${decl.id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <PageHeader decl={decl} />
      {Pane ? (
        <Suspense fallback={<PanelSkeleton testId="pane-loading" />}>
          <Pane decl={decl} node={node} />
        </Suspense>
      ) : (
        <Alert severity="warning">pane "{decl.pane}" is not registered (src/panes)</Alert>
      )}
    </Box>
  );
}

/** The menu route of a custom declaration (one per path: the schema tests check it). */
export default function CustomScreen({ node }: { node: MenuNode }) {
  const decl = declarations().find((d) => d.kind === 'custom' && d.path === node.path);
  return decl ? <CustomView decl={decl} node={node} /> : null;
}
