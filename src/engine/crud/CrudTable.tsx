/**
 * The rows of a declared list as a MUI X DataGrid: server-side sorting (ascending first, then
 * flipping, never unsorted), the declared columns and the row actions kept in sight on the right.
 */
import { forwardRef, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import Button from '@mui/material/Button';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, GridRow, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang';
import { Cell, NoRows } from './CrudCells';
import { actionCount, actionsWidthOf, cellText, leastWidthOf } from './columnWidths';
import { gridLocaleText } from './gridLocale';
import { RowActions } from './RowActions';
import type { CrudController } from './useCrudController';
import type { Row } from './useCrudList';

/** The grid's row with a declaration's test hook (`<prefix>-row-<id>`), one component per prefix. */
const hookedRows = new Map<string, typeof GridRow>();
function rowWithHook(prefix: string): typeof GridRow {
  let row = hookedRows.get(prefix);
  if (!row) {
    row = forwardRef<HTMLDivElement, ComponentProps<typeof GridRow>>((props, ref) => <GridRow ref={ref} {...props} data-testid={`${prefix}-row-${String(props.rowId)}`} />) as unknown as typeof GridRow;
    hookedRows.set(prefix, row);
  }
  return row;
}

/**
 * How many columns are out of sight to the right (under the sticky actions or beyond the
 * grid's edge), kept up to date on scroll and resize: the cue that the list scrolls sideways.
 */
function useHiddenColumns(actionsWidth: number, deps: unknown[]) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);
  useEffect(() => {
    const root = rootRef.current;
    const scroller = root?.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
    if (!root || !scroller) return;
    const measure = () => {
      const edge = scroller.getBoundingClientRect().right - actionsWidth;
      const out = [...root.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeader:not([data-field="__actions"])')].filter((h) => h.getBoundingClientRect().right > edge + 2).length;
      setHidden(scroller.scrollWidth > scroller.clientWidth + 1 ? out : 0);
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  const scrollRight = () => {
    const scroller = rootRef.current?.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
    scroller?.scrollBy({ left: Math.max(200, scroller.clientWidth - actionsWidth - 80), behavior: 'smooth' });
  };
  return { rootRef, hidden, scrollRight };
}

export function CrudTable({ ctl }: { ctl: CrudController }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { decl, list } = ctl;
  const rowKey = decl.rowKey ?? 'id';

  const rows = list.rows;
  const actionsWidth = actionCount(decl) > 0 ? actionsWidthOf(actionCount(decl)) : 0;
  const { rootRef, hidden, scrollRight } = useHiddenColumns(actionsWidth, [decl, lang, rows]);
  // The cue that more columns follow: in the actions column's header, in place of its title, so
  // it covers no column's title and no row's data wherever the columns happen to end.
  const moreColumns = hidden > 0 && (
    <Tooltip title={t('screens.crud.moreColumns', { count: hidden })}>
      <Button
        size="small"
        data-testid="crud-scroll-hint"
        aria-label={t('screens.crud.moreColumns', { count: hidden })}
        endIcon={<ArrowForwardRounded fontSize="small" />}
        onClick={(e) => { e.stopPropagation(); scrollRight(); }}
        sx={{ height: 28, minWidth: 0, bgcolor: 'background.paper', boxShadow: '0 1px 4px rgba(16,24,40,0.18)', borderRadius: 4, px: 1.25, fontVariantNumeric: 'tabular-nums', '& .MuiButton-endIcon': { ml: 0.25 }, '&:hover': { bgcolor: 'grey.50' } }}
      >
        +{hidden}
      </Button>
    </Tooltip>
  );

  const columns = useMemo<GridColDef[]>(() => {
    const tr = (k: string, o?: Record<string, unknown>) => String(t(k, o));
    const cols: GridColDef[] = (decl.grid?.columns ?? []).map((c) => {
      const header = t(c.label);
      // As wide as the header (this language) and the page's cells need; spare room by flex.
      const least = rows.length
        ? Math.max(c.minWidth ?? 0, leastWidthOf(c, header, rows.map((r) => cellText(c, r[c.key], tr, lang, r))))
        : Math.max(c.width ?? 0, c.minWidth ?? 0, leastWidthOf(c, header, []));
      return {
        field: c.key,
        headerName: header,
        sortable: Boolean(c.sortable),
        minWidth: least,
        flex: c.flex ?? least,
        ...(c.columnClass ? { cellClassName: c.columnClass } : {}),
        renderCell: (p) => <Cell column={c} value={p.value} row={p.row} testId={decl.testId && `${decl.testId}-${c.key}`} />,
      };
    });
    const n = actionCount(decl);
    if (n > 0) {
      cols.push({
        field: '__actions',
        headerName: t('screens.crud.actions'),
        sortable: false,
        resizable: false,
        width: actionsWidthOf(n),
        ...(moreColumns ? { renderHeader: () => moreColumns } : {}),
        renderCell: (p) => <RowActions decl={decl} row={p.row as Row} onOpen={ctl.open} onRemove={ctl.remove} onAction={ctl.action} />,
      });
    }
    return cols;
  }, [decl, t, lang, rows, hidden]); // eslint-disable-line react-hooks/exhaustive-deps


  const sortModel: GridSortModel = [{ field: list.sort.key, sort: list.sort.order }];
  const localeText = useMemo(() => gridLocaleText(lang, { noRowsLabel: t('screens.crud.noRows') }), [lang, t]);

  return (
    <Box ref={rootRef} data-testid={decl.testId ? `${decl.testId}-table` : undefined} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, position: 'relative' }}>
      <DataGrid
        rows={list.rows}
        columns={columns}
        getRowId={(r) => r[rowKey] as string | number}
        rowCount={list.total}
        loading={list.loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        sortingOrder={['asc', 'desc']}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const first = model[0];
          // With sortingOrder asc/desc the grid never asks for "unsorted"; ignore it if it does.
          if (first?.sort) list.setSort({ key: first.field, order: first.sort });
        }}
        paginationModel={{ page: list.page - 1, pageSize: list.pageSize }}
        pageSizeOptions={[list.pageSize]}
        hideFooter
        disableColumnMenu
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        disableVirtualization={list.rows.length <= 50}
        rowHeight={52}
        columnHeaderHeight={48}
        localeText={localeText}
        slots={{ noRowsOverlay: () => <NoRows filtered={ctl.filtered} />, ...(decl.testId ? { row: rowWithHook(decl.testId) } : {}) }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{
          border: 'none',
          borderRadius: 0,
          minHeight: list.rows.length ? undefined : 260,
          '--DataGrid-containerBackground': '#f7f8fa',
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, color: 'text.secondary', fontSize: 13 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within': { outline: 'none' },
          '& .MuiDataGrid-row:hover': { bgcolor: 'rgba(184,58,36,0.03)' },
          // A horizontal scrollbar that shows (overlay scrollbars hide until touched).
          '--DataGrid-scrollbarSize': '12px',
          '& .MuiDataGrid-scrollbar--horizontal': { scrollbarWidth: 'auto', scrollbarColor: '#b8bec8 #f1f2f4' },
          '& .MuiDataGrid-scrollbar--horizontal::-webkit-scrollbar': { height: 12 },
          '& .MuiDataGrid-scrollbar--horizontal::-webkit-scrollbar-thumb': { bgcolor: '#b8bec8', borderRadius: 6 },
          '& .MuiDataGrid-scrollbar--horizontal::-webkit-scrollbar-track': { bgcolor: '#f1f2f4' },
          // The actions stay in sight when the columns are wider than the screen.
          '& .MuiDataGrid-cell[data-field="__actions"], & .MuiDataGrid-columnHeader[data-field="__actions"]': {
            position: 'sticky',
            right: 0,
            zIndex: 2,
            bgcolor: 'var(--DataGrid-containerBackground)',
          },
          '& .MuiDataGrid-cell[data-field="__actions"]': { bgcolor: 'background.paper' },
          '& .MuiDataGrid-row:hover .MuiDataGrid-cell[data-field="__actions"]': { bgcolor: '#fdf9f8' },
          '& .MuiDataGrid-virtualScroller--hasScrollX .MuiDataGrid-cell[data-field="__actions"], & .MuiDataGrid-virtualScroller--hasScrollX .MuiDataGrid-columnHeader[data-field="__actions"]': {
            boxShadow: '-8px 0 10px -8px rgba(16,24,40,0.22)',
          },
        }}
      />
    </Box>
  );
}
