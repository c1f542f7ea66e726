/**
 * The rows of a declared list as a MUI X DataGrid: server-side sorting (ascending first, then
 * flipping, never unsorted), the declared columns and the row actions kept in sight on the right.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang';
import { Cell, NoRows } from './CrudCells';
import { gridLocaleText } from './gridLocale';
import { actionCount, RowActions } from './RowActions';
import type { CrudController } from './useCrudController';
import type { Row } from './useCrudList';

export function CrudTable({ ctl }: { ctl: CrudController }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { decl, list } = ctl;
  const rowKey = decl.rowKey ?? 'id';

  const columns = useMemo<GridColDef[]>(() => {
    const cols: GridColDef[] = (decl.grid?.columns ?? []).map((c) => ({
      field: c.key,
      headerName: t(c.label),
      sortable: Boolean(c.sortable),
      // A declared width is the column's least width; spare room is shared, the flexible
      // (minWidth) columns taking the most, so labels in other languages still fit.
      // (The grid shares the room in proportion to flex, so flex is the width itself.)
      ...(c.width ? { minWidth: Math.max(c.width, c.minWidth ?? 0), flex: c.width } : { minWidth: c.minWidth ?? 140, flex: (c.minWidth ?? 140) * 2 }),
      ...(c.columnClass ? { cellClassName: c.columnClass } : {}),
      renderCell: (p) => <Cell column={c} value={p.value} />,
    }));
    const n = actionCount(decl);
    if (n > 0) {
      cols.push({
        field: '__actions',
        headerName: t('screens.crud.actions'),
        sortable: false,
        resizable: false,
        width: Math.max(84, 20 + n * 36),
        renderCell: (p) => <RowActions decl={decl} row={p.row as Row} onOpen={ctl.open} onRemove={ctl.remove} onAction={ctl.action} />,
      });
    }
    return cols;
  }, [decl, t, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  const sortModel: GridSortModel = [{ field: list.sort.key, sort: list.sort.order }];
  const localeText = useMemo(() => gridLocaleText(lang, { noRowsLabel: t('screens.crud.noRows') }), [lang, t]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
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
        slots={{ noRowsOverlay: () => <NoRows filtered={ctl.filtered} /> }}
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
