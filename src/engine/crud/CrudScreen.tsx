/**
 * The screen of any `kind: "crud"` declaration: title, toolbar, filter bar, a MUI X DataGrid
 * with server-side paging and sorting (ascending first, then flipping, never unsorted), the
 * page footer of SPEC.md, row actions (view, edit, remove, declared rowActions), the form
 * dialog, confirmations in the shared modal and results shown once. Nothing here knows a
 * particular screen: everything comes from the declaration.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { ColumnDeclaration, ScreenDeclaration } from '../../domain/declarations';
import { DECLARATION_FILES } from '../../schemas/index';
import type { MenuNode } from '../../domain/menu';
import { isApiError } from '../api/ApiError';
import { isJobQueued } from '../../domain/jobs';
import { downloadFile } from '../jobs/download';
import { revalidateExportReports, trackJob } from '../jobs/runExport';
import { useFeedback } from '../feedback/FeedbackProvider';
import { useLang } from '../i18n/useLang';
import { AppModal } from '../shell/AppModal';
import { rowActionsOf, type EngineRowAction } from './extensions';
import { callApi, callPath } from './apiCall';
import type { FormMode } from './CrudForm';
import { CrudPagination } from './CrudPagination';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { enumValuesOf, formatCell } from './format';
import { gridLocaleText } from './gridLocale';
import { actionIcon } from './icons';
import { ResultDialog, type ResultInfo } from './ResultDialog';
import { useCrudList, type Row } from './useCrudList';

// The form (RJSF, the validator, pickers) is its own chunk, loaded when a dialog first opens.
const loadForm = () => import('./CrudForm');
const CrudForm = lazy(() => loadForm().then((m) => ({ default: m.CrudForm })));
const ActionInputDialog = lazy(() => import('./ActionInputDialog').then((m) => ({ default: m.ActionInputDialog })));

function FormLoading() {
  return (
    <Backdrop open invisible sx={(theme) => ({ zIndex: theme.zIndex.modal })}>
      <CircularProgress size={36} />
    </Backdrop>
  );
}

type Confirm = { title: string; message: string; tone: 'warning' | 'default'; run: () => Promise<void> };

function NoRows({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="crud-no-rows" sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary', py: 4 }}>
      <Inventory2Outlined sx={{ fontSize: 40, color: 'text.disabled' }} />
      <Typography variant="body2">{t(filtered ? 'screens.crud.noResults' : 'screens.crud.noRows')}</Typography>
    </Box>
  );
}

function Cell({ column, value, row }: { column: ColumnDeclaration; value: unknown; row?: Row }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const text = formatCell(column, value, (k, o) => String(t(k, o)), lang, row);
  if (text === '') return <Box component="span" sx={{ color: 'text.disabled' }}>{t('screens.crud.empty')}</Box>;
  if (column.enum) {
    const values = enumValuesOf(column.enum, value);
    return (
      <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden' }}>
        {values.map((v) => (
          <Chip key={String(v)} size="small" label={t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) })} title={t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) })} data-value={String(v)} sx={{ height: 24, fontWeight: 500, bgcolor: 'grey.100', border: '1px solid', borderColor: 'divider' }} />
        ))}
      </Box>
    );
  }
  if (column.format === 'progress' && typeof value === 'number') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }} title={text}>
        <LinearProgress variant="determinate" value={Math.max(0, Math.min(100, value))} aria-label={text} sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'grey.200' }} color={value >= 100 ? 'success' : 'primary'} />
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36, textAlign: 'right', color: 'text.secondary', fontSize: 13 }}>{text}</Box>
      </Box>
    );
  }
  const numeric = column.format === 'number' || column.format === 'datetime' || column.format === 'date';
  return (
    <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: numeric ? 'tabular-nums' : undefined, color: column.format === 'datetime' ? 'text.secondary' : undefined }}>
      {text}
    </Box>
  );
}

export interface RowActionsProps {
  decl: ScreenDeclaration;
  row: Row;
  onOpen: (mode: FormMode, row: Row) => void;
  onRemove: (row: Row) => void;
  onAction: (action: EngineRowAction, row: Row) => void;
}

function RowActions({ decl, row, onOpen, onRemove, onAction }: RowActionsProps) {
  const { t } = useTranslation();
  const id = String(row[decl.rowKey ?? 'id']);
  const actions = decl.grid?.actions ?? [];
  const button = (key: string, label: string, icon: React.ReactNode, onClick: () => void, color?: 'error') => (
    <Tooltip key={key} title={label}>
      <IconButton size="small" aria-label={label} data-testid={`row-${key}-${id}`} color={color} onClick={onClick} sx={{ color: color ? undefined : 'text.secondary', '&:hover': { color: color ? 'error.main' : 'primary.main' } }}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.25, alignItems: 'center', height: '100%' }}>
      {actions.includes('view') && button('view', t('screens.crud.view'), <VisibilityOutlined fontSize="small" />, () => onOpen('view', row))}
      {actions.includes('edit') && decl.api.update && button('edit', t('screens.crud.edit'), <EditOutlined fontSize="small" />, () => onOpen('edit', row))}
      {rowActionsOf(decl).filter((a) => !a.download || !!row[a.download]).map((a) => {
        const Icon = actionIcon(a.icon);
        return button(a.id, t(a.label), <Icon fontSize="small" />, () => onAction(a, row), a.danger ? 'error' : undefined);
      })}
      {actions.includes('remove') && decl.api.remove && button('remove', t('screens.crud.remove'), <DeleteOutline fontSize="small" />, () => onRemove(row), 'error')}
    </Box>
  );
}

function actionCount(decl: ScreenDeclaration): number {
  const a = decl.grid?.actions ?? [];
  return (a.includes('view') ? 1 : 0) + (a.includes('edit') && decl.api.update ? 1 : 0) + (a.includes('remove') && decl.api.remove ? 1 : 0) + (decl.grid?.rowActions?.length ?? 0);
}

export interface CrudViewProps {
  decl: ScreenDeclaration;
  /** The page title key; default the declaration's title. */
  title?: string;
  /** Shown between the title and the list (tabs of screens sharing a path). */
  tabs?: React.ReactNode;
}

export function CrudView({ decl, title, tabs }: CrudViewProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const feedback = useFeedback();
  const { mutate } = useSWRConfig();
  const list = useCrudList(decl);
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: Row; seq: number } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [result, setResult] = useState<ResultInfo | null>(null);
  const [input, setInput] = useState<{ action: EngineRowAction & { input: NonNullable<EngineRowAction['input']> }; row: Row } | null>(null);
  const rowKey = decl.rowKey ?? 'id';
  const filtered = Object.values(list.filters).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));

  // Fetch the form chunk once the list shows (never competing with its first paint), while
  // the user reads it, so the first dialog opens at once.
  const listShown = !list.loading;
  useEffect(() => {
    if (!decl.form || !listShown) return;
    const timer = setTimeout(() => void loadForm().catch(() => {}), 300);
    return () => clearTimeout(timer);
  }, [decl.form, listShown]);

  /**
   * After a write: the reads below the list's path (its option source, e.g.
   * system/announcement/category/options, or GetActiveClient) are read again, so a select
   * opened next (on this or a sibling tab) offers what was just added.
   */
  const revalidateRelated = () => {
    const base = callPath(decl.api.list);
    if (!base) return;
    const prefix = `${base.toLowerCase()}/`;
    void mutate((k) => {
      const path = typeof k === 'string' ? k : Array.isArray(k) && typeof k[0] === 'string' ? k[0] : null;
      return path !== null && path.toLowerCase().startsWith(prefix);
    });
  };

  const open = (mode: FormMode, row?: Row) => setDialog((d) => ({ mode, row, seq: (d?.seq ?? 0) + 1 }));

  const remove = (row: Row) =>
    setConfirm({
      title: t('screens.crud.removeTitle'),
      message: t('screens.crud.removeConfirm', row),
      tone: 'warning',
      run: async () => {
        await callApi(decl.api.remove!, row);
        feedback.toast(t('screens.crud.successDelete'));
        await list.refresh();
        list.refreshAfterWrite();
        revalidateRelated();
      },
    });

  /** What follows a row action's call: its result shown once, or its notice; the list reloads. */
  const afterAction = async (action: EngineRowAction, row: Row, answer: unknown) => {
    // An export answers a queued job: the jobs host follows it (noticeExport, progress, download).
    if (isJobQueued(answer)) trackJob(answer);
    else if (action.result) setResult({ key: action.result, known: row, answer });
    else feedback.toast(t(action.notice ?? 'screens.crud.successEdit'));
    if (action.download) void revalidateExportReports(mutate);
    // The row may have changed; the list stays on its page.
    const listPath = callPath(decl.api.list);
    await mutate((k) => Array.isArray(k) && k[0] === listPath);
    list.refreshAfterWrite();
    revalidateRelated();
  };

  const runAction = async (action: EngineRowAction, row: Row) => {
    // An action with an input asks for it (a small form) and sends its data as the body.
    if (action.input) {
      setInput({ action: action as EngineRowAction & { input: NonNullable<EngineRowAction['input']> }, row });
      return;
    }
    // A download action fetches the row's file first (masked), then calls its api.
    if (action.download) await downloadFile(String(row[action.download]));
    const answer = await callApi(action.api, row);
    await afterAction(action, row, answer);
  };

  const action = (a: EngineRowAction, row: Row) => {
    if (!a.confirm) {
      void runAction(a, row).catch(ignoreApiError);
      return;
    }
    setConfirm({ title: t(a.label), message: t(a.confirm, row), tone: a.danger ? 'warning' : 'default', run: () => runAction(a, row) });
  };

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
      renderCell: (p) => <Cell column={c} value={p.value} row={p.row as Row} />,
    }));
    const n = actionCount(decl);
    if (n > 0) {
      cols.push({
        field: '__actions',
        headerName: t('screens.crud.actions'),
        sortable: false,
        resizable: false,
        width: Math.max(84, 20 + n * 36),
        renderCell: (p) => <RowActions decl={decl} row={p.row as Row} onOpen={open} onRemove={remove} onAction={action} />,
      });
    }
    return cols;
  }, [decl, t, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  const sortModel: GridSortModel = [{ field: list.sort.key, sort: list.sort.order }];
  const localeText = useMemo(() => gridLocaleText(lang, { noRowsLabel: t('screens.crud.noRows') }), [lang, t]);
  const toolbar = decl.grid?.toolbar ?? [];

  return (
    <Box data-testid={`crud-${decl.id}`} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {t(title ?? decl.title)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {toolbar.includes('export') && decl.api.export && <ExportButton api={decl.api.export} filters={list.filters} label={t(decl.title)} />}
          {toolbar.includes('add') && decl.api.create && decl.form && (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => open('add')} data-testid="crud-add">
              {t('screens.crud.add')}
            </Button>
          )}
        </Box>
      </Box>
      {tabs}
      <Paper sx={{ border: '1px solid', borderColor: 'divider', boxShadow: '0 1px 2px rgba(16,24,40,0.04)', overflow: 'hidden', minWidth: 0 }}>
        {decl.filters && (
          <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 2, borderBottom: '1px solid', borderColor: 'divider' }}>
            <FilterBar schema={decl.filters.schema} applied={list.filters} onApply={list.applyFilters} />
          </Box>
        )}
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
            slots={{ noRowsOverlay: () => <NoRows filtered={filtered} /> }}
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
        <Box sx={{ borderTop: '1px solid', borderColor: 'divider' }}>
          <CrudPagination page={list.page} pageCount={list.pageCount} total={list.total} onChange={list.setPage} />
        </Box>
      </Paper>

      {dialog && decl.form && (
        <Suspense fallback={<FormLoading />}>
        <CrudForm
          key={`${dialog.mode}-${dialog.seq}`}
          decl={decl}
          mode={dialog.mode}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onModeChange={(mode) => open(mode, dialog.row)}
          onSaved={(mode, body, answer) => {
            setDialog(null);
            feedback.toast(t(mode === 'add' ? 'screens.crud.successAdd' : 'screens.crud.successEdit'));
            if (mode === 'add' && decl.grid?.createResult) setResult({ key: decl.grid.createResult, known: body, answer });
            void list.refresh();
            list.refreshAfterWrite();
            revalidateRelated();
          }}
        />
        </Suspense>
      )}

      {confirm && (
        <AppModal
          open
          testId="confirm-modal"
          tone={confirm.tone === 'warning' ? 'warning' : 'default'}
          icon={confirm.tone === 'warning' ? <WarningAmberRounded color="warning" /> : <HelpOutlineRounded color="primary" />}
          title={confirm.title}
          message={confirm.message}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const run = confirm.run;
            setConfirm(null);
            void run().catch(ignoreApiError);
          }}
        />
      )}

      {input && (
        <Suspense fallback={<FormLoading />}>
          <ActionInputDialog
            action={input.action}
            row={input.row}
            onClose={() => setInput(null)}
            onDone={(answer) => {
              const { action: done, row } = input;
              setInput(null);
              void afterAction(done, row, answer).catch(ignoreApiError);
            }}
          />
        </Suspense>
      )}

      {result && <ResultDialog info={result} onClose={() => setResult(null)} />}
    </Box>
  );
}

/** Failed calls already showed the Fail modal (the api client); anything else is a bug. */
function ignoreApiError(e: unknown): void {
  if (!isApiError(e)) throw e;
}

/**
 * The screen of a menu route: the crud declaration whose path it is. Several declarations on
 * one path (a list and the list of its categories) show as tabs, the first one's title on top.
 */
export default function CrudScreen({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const decls = (DECLARATION_FILES as readonly ScreenDeclaration[]).filter((d) => d.kind === 'crud' && d.path === node.path);
  // The tab is in the URL (?tab=<declaration id>): linkable (an empty select's emptyLink) and kept on reload.
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, decls.findIndex((d) => d.id === params.get('tab')));
  const setTab = (i: number) => setParams((p) => { const next = new URLSearchParams(p); next.set('tab', decls[i].id); return next; }, { replace: true });
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
