/**
 * The rows of a declared list on a phone: a card per row, the first column as its title, the
 * next columns as labelled lines, and the row's actions. The engine shows these instead of the
 * grid below the `sm` breakpoint (a grid of two visible columns helps nobody there). Chip
 * lists wrap inside the card (a row of three chips is wider than a phone's line).
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Cell, NoRows } from './CrudCells';
import { RowActions } from './RowActions';
import type { CrudController } from './useCrudController';

/** Columns shown as lines under the title. */
export const CARD_LINES = 4;

export function CrudCards({ ctl }: { ctl: CrudController }) {
  const { t } = useTranslation();
  const { decl, list } = ctl;
  const [first, ...rest] = decl.grid?.columns ?? [];
  const lines = rest.slice(0, CARD_LINES);
  const rowKey = decl.rowKey ?? 'id';
  const hook = decl.testId;
  if (!first) return null;
  return (
    <Box data-testid={hook ? `${hook}-cards` : 'crud-cards'} sx={{ position: 'relative', minHeight: list.rows.length ? undefined : 200 }}>
      {list.loading && <LinearProgress aria-label={t('screens.crud.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      {list.loaded && list.rows.length === 0 && <NoRows filtered={ctl.filtered} />}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.rows.map((row) => {
          const id = String(row[rowKey]);
          return (
            <Box component="li" key={id} data-testid={hook ? `${hook}-row-${id}` : `crud-card-${id}`} sx={{ px: 2, py: 1.5, borderBottom: '1px solid', borderColor: 'divider', '&:last-of-type': { borderBottom: 'none' } }}>
              <Typography component="div" sx={{ fontWeight: 600, mb: 0.75, minWidth: 0, display: 'flex' }} data-testid="crud-card-title">
                <Cell column={first} value={row[first.key]} row={row} testId={hook && `${hook}-${first.key}`} />
              </Typography>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(88px, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, fontSize: 14 }}>
                {lines.map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Box component="dt" sx={{ color: 'text.secondary', fontSize: 13 }}>{t(c.label)}</Box>
                    <Box component="dd" sx={{ m: 0, minWidth: 0, display: 'flex', alignItems: 'center', '& .crud-chips': { flexWrap: 'wrap' } }}>
                      <Cell column={c} value={row[c.key]} row={row} testId={hook && `${hook}-${c.key}`} />
                    </Box>
                  </Box>
                ))}
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mr: -0.75 }}>
                <RowActions decl={decl} row={row} onOpen={ctl.open} onRemove={ctl.remove} onAction={ctl.action} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
