/**
 * The draws of a released activity (GET marketing/lottery-activity/{id}/records): when, which
 * code and member played, the prize, the serial given and the redemption answers; newest first,
 * paged in the database; "winners only" narrows to winning draws. Shown on the detail under the
 * form, as every list: a DataGrid and the crud engine's pager (SPEC 2 Tables), 10 a page.
 */
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DataGrid, GridRow, type GridColDef, type GridRowProps } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { zonedTimeText } from '../../domain/datetime';
import { DATE_TIME_SECONDS_FORMAT, PAGE_SIZE } from '../../domain/limits';
import { useCallApi } from '../../engine/crud/apiCall';
import { CrudPagination } from '../../engine/crud/CrudPagination';
import { gridLocaleText } from '../../engine/crud/gridLocale';
import { clampPage, pageCountOf } from '../../engine/crud/pagination';
import { useLang } from '../../engine/i18n/useLang';

interface PlayRow { id: number; code: string | null; member: string | null; prize: string | null; won: boolean; serial: string | null; answers: Record<string, unknown> | null; redeemedAt: string | null; createdAt: string }

const answerText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v));

/** A grid row named by its record (tests and the e2e find a draw by it). */
const RecordRow = (props: GridRowProps) => <GridRow {...props} data-testid={`lottery-record-${props.rowId}`} />;

export function LotteryRecords({ lotteryId, timezoneId }: { lotteryId: number; timezoneId: number | null }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const [page, setPage] = useState(1);
  const [won, setWon] = useState(false);
  const [loading, setLoading] = useState(true);
  const [data, setData] = useState<{ total: number; items: PlayRow[] }>({ total: 0, items: [] });
  const k = (key: string) => t(`screens.lottery.${key}`);
  useEffect(() => {
    let live = true;
    setLoading(true);
    call<{ total: number; items: PlayRow[] }>('GET marketing/lottery-activity/{id}/records', { id: lotteryId }, { query: { page, pageSize: PAGE_SIZE, ...(won ? { won: true } : {}) } })
      .then((d) => { if (live) setData(d); })
      .catch(() => {})
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [call, lotteryId, page, won]);
  const pageCount = pageCountOf(data.total, PAGE_SIZE);
  // Fewer draws than the page shown (winners only, a shorter list): back within the pages.
  useEffect(() => { if (!loading && page > pageCount) setPage(clampPage(page, pageCount)); }, [loading, page, pageCount]);

  const columns = useMemo<GridColDef<PlayRow>[]>(() => {
    const time = (v: string) => zonedTimeText(v, { timezoneId: timezoneId ?? undefined, lang, format: DATE_TIME_SECONDS_FORMAT });
    const mono = { fontFamily: 'monospace' };
    const cols: GridColDef<PlayRow>[] = [
      { field: 'createdAt', headerName: t('screens.lottery.recordTime'), minWidth: 170, flex: 1, valueFormatter: (v: string) => time(v) },
      { field: 'code', headerName: t('screens.lottery.code'), minWidth: 150, flex: 1, renderCell: (p) => <Box component="span" sx={mono}>{p.row.code}</Box> },
      { field: 'member', headerName: t('screens.lottery.member'), minWidth: 140, flex: 1, valueFormatter: (v: string | null) => v ?? '—' },
      {
        field: 'prize', headerName: t('screens.lottery.prize'), minWidth: 140, flex: 1,
        renderCell: (p) => (p.row.won ? <Chip size="small" color="success" label={p.row.prize} /> : (p.row.prize ?? t('screens.lottery.noPrize'))),
      },
      { field: 'serial', headerName: t('screens.lottery.serial'), minWidth: 130, flex: 1, renderCell: (p) => <Box component="span" sx={mono}>{p.row.serial ?? '—'}</Box> },
      {
        field: 'answers', headerName: t('screens.lottery.answers'), minWidth: 220, flex: 2,
        renderCell: (p) => (
          <Box sx={{ py: 1 }}>
            {p.row.answers ? Object.entries(p.row.answers).map(([name, v]) => <div key={name}><Box component="span" sx={{ color: 'text.secondary' }}>{name}: </Box>{answerText(v)}</div>) : '—'}
            {p.row.redeemedAt && <Typography variant="caption" color="text.secondary">{t('screens.lottery.redeemed')} {time(p.row.redeemedAt)}</Typography>}
          </Box>
        ),
      },
    ];
    return cols.map((c) => ({ ...c, sortable: false }));
  }, [t, lang, timezoneId]);
  const localeText = useMemo(() => gridLocaleText(lang, { noRowsLabel: k('noRecords') }), [lang, t]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }} data-testid="lottery-records">
      <FormControlLabel control={<Switch checked={won} onChange={(e) => { setWon(e.target.checked); setPage(1); }} />} label={k('winnersOnly')} />
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, border: '1px solid', borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <DataGrid
          rows={data.items}
          columns={columns}
          rowCount={data.total}
          loading={loading}
          paginationMode="server"
          sortingMode="server"
          paginationModel={{ page: page - 1, pageSize: PAGE_SIZE }}
          pageSizeOptions={[PAGE_SIZE]}
          hideFooter
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          getRowHeight={() => 'auto'}
          columnHeaderHeight={44}
          localeText={localeText}
          slots={{ row: RecordRow }}
          sx={{ border: 'none', borderRadius: 0, minHeight: data.items.length ? undefined : 200, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        />
        <Box sx={{ borderTop: '1px solid', borderColor: 'divider' }}>
          <CrudPagination page={clampPage(page, pageCount)} pageCount={pageCount} total={data.total} onChange={setPage} disabled={loading} />
        </Box>
      </Box>
    </Box>
  );
}
