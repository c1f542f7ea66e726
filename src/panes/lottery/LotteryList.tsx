/**
 * The lottery list (SPEC.md 3 "Lottery list item"): name, game, status (not started / ongoing /
 * ended / disabled, from the period and enable), period in the activity's time zone, updated
 * time with seconds; paged and sorted by the server; filters game, status and keyword. Rows
 * open the detail, the config (edit) or the result download; New starts the wizard.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRounded from '@mui/icons-material/AddRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { zonedTimeText } from '../../domain/datetime';
import type { ScreenDeclaration } from '../../domain/declarations';
import { GameType, LotteryActivityStatus } from '../../domain/enums';
import { DATE_TIME_SECONDS_FORMAT, PAGE_SIZE } from '../../domain/limits';
import { useCallApi } from '../../engine/crud/apiCall';
import { CrudPagination } from '../../engine/crud/CrudPagination';
import { useLang } from '../../engine/i18n/useLang';
import { LOTTERY_BASE, type LotteryListItem } from './types';
import { ReportDialog } from './ReportDialog';

export const STATUS_COLOR: Record<number, 'default' | 'success' | 'info' | 'warning'> = { 1: 'info', 2: 'success', 3: 'default', 4: 'warning' };

type SortKey = 'name' | 'from' | 'to' | 'updatedAt';

export default function LotteryList({ decl }: { decl: ScreenDeclaration }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const navigate = useNavigate();
  const [filters, setFilters] = useState({ gameType: 0, status: 0, keyword: '' });
  const [applied, setApplied] = useState(filters);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: SortKey; order: 'asc' | 'desc' } | null>(null);
  const [data, setData] = useState<{ items: LotteryListItem[]; total: number } | null>(null);
  const [report, setReport] = useState<LotteryListItem | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const k = (key: string) => t(`screens.lottery.${key}`);

  const load = useCallback(async () => {
    const query: Record<string, string | number> = { page, pageSize: PAGE_SIZE };
    if (applied.gameType) query.gameType = applied.gameType;
    if (applied.status) query.status = applied.status;
    if (applied.keyword.trim()) query.keyword = applied.keyword.trim();
    if (sort) { query.sort = sort.key; query.order = sort.order; }
    setData(await call<{ items: LotteryListItem[]; total: number }>(decl.api.list!, {}, { query }));
  }, [call, decl.api.list, page, applied, sort]);
  useEffect(() => { void load().catch(() => {}); }, [load]);

  const search = (e: FormEvent) => { e.preventDefault(); setPage(1); setApplied(filters); };
  const sortBy = (key: SortKey) => { setPage(1); setSort((s) => (s?.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' })); };
  const time = (v: string | null, tz: number | null, format?: string) => zonedTimeText(v, { timezoneId: tz ?? undefined, lang, format });
  const head = (key: SortKey, label: string) => (
    <TableCell sortDirection={sort?.key === key ? sort.order : false}>
      <TableSortLabel active={sort?.key === key} direction={sort?.key === key ? sort.order : 'asc'} onClick={() => sortBy(key)}>{label}</TableSortLabel>
    </TableCell>
  );
  const actions = (r: LotteryListItem) => (
    <>
      <Tooltip title={k('view')}><IconButton size="small" aria-label={k('view')} data-testid="lottery-view" onClick={() => navigate(`${LOTTERY_BASE}/detail?id=${r.id}`)}><VisibilityOutlined fontSize="small" /></IconButton></Tooltip>
      <Tooltip title={k('edit')}><IconButton size="small" aria-label={k('edit')} data-testid="lottery-edit" onClick={() => navigate(`${LOTTERY_BASE}/config?id=${r.id}`)}><EditOutlined fontSize="small" /></IconButton></Tooltip>
      <Tooltip title={k('download')}><IconButton size="small" aria-label={k('download')} data-testid="lottery-download" onClick={() => setReport(r)}><DownloadRounded fontSize="small" /></IconButton></Tooltip>
    </>
  );
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper component="form" onSubmit={search} sx={{ p: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" name="gameType" label={k('gameType')} value={filters.gameType} onChange={(e) => setFilters({ ...filters, gameType: Number(e.target.value) })} sx={{ minWidth: 140, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}>
          {Object.values(GameType).map((g) => <MenuItem key={g} value={g}>{g === 0 ? k('all') : t(`enums.GameType.${g}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" name="status" label={k('status')} value={filters.status} onChange={(e) => setFilters({ ...filters, status: Number(e.target.value) })} sx={{ minWidth: 120, flex: { xs: '1 1 120px', sm: '0 0 auto' } }}>
          <MenuItem value={0}>{k('all')}</MenuItem>
          {Object.values(LotteryActivityStatus).map((s) => <MenuItem key={s} value={s}>{t(`enums.LotteryActivityStatus.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" name="keyword" label={k('name')} value={filters.keyword} onChange={(e) => setFilters({ ...filters, keyword: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <Button type="submit" variant="outlined">{k('search')}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddRounded />} data-testid="lottery-add" onClick={() => navigate(`${LOTTERY_BASE}/create`)}>{k('add')}</Button>
      </Paper>
      {phone ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="lottery-cards">
          {data?.items.map((r) => (
            <Paper key={r.id} sx={{ p: 1.5, display: 'grid', gap: 0.75 }} data-testid={`lottery-row-${r.id}`}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>{r.name}</Typography>
                <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`enums.LotteryActivityStatus.${r.status}`)} data-testid="lottery-status" />
              </Box>
              <Typography variant="body2" color="text.secondary">{t(`enums.GameType.${r.type}`)}</Typography>
              <Typography variant="body2">{time(r.from, r.timezoneId)} – {time(r.to, r.timezoneId)}</Typography>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>{k('updatedAt')} {time(r.updatedAt, null, DATE_TIME_SECONDS_FORMAT)}</Typography>
                {actions(r)}
              </Box>
            </Paper>
          ))}
          {data && data.items.length === 0 && <Paper sx={{ p: 3 }}><Typography color="text.secondary" sx={{ textAlign: 'center' }}>{k('empty')}</Typography></Paper>}
          {data && <Paper><CrudPagination page={page} pageCount={pageCount} total={data.total} onChange={setPage} /></Paper>}
        </Box>
      ) : (
      <Paper sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="lottery-table" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                {head('name', k('name'))}
                <TableCell>{k('gameType')}</TableCell>
                <TableCell>{k('status')}</TableCell>
                {head('from', k('from'))}
                {head('to', k('to'))}
                {head('updatedAt', k('updatedAt'))}
                <TableCell align="right">{t('screens.crud.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.items.map((r) => (
                <TableRow key={r.id} hover data-testid={`lottery-row-${r.id}`}>
                  <TableCell sx={{ fontWeight: 600 }}>{r.name}</TableCell>
                  <TableCell>{t(`enums.GameType.${r.type}`)}</TableCell>
                  <TableCell><Chip size="small" color={STATUS_COLOR[r.status]} label={t(`enums.LotteryActivityStatus.${r.status}`)} data-testid="lottery-status" /></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(r.from, r.timezoneId)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(r.to, r.timezoneId)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(r.updatedAt, null, DATE_TIME_SECONDS_FORMAT)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{actions(r)}</TableCell>
                </TableRow>
              ))}
              {data && data.items.length === 0 && (
                <TableRow><TableCell colSpan={7}><Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>{k('empty')}</Typography></TableCell></TableRow>
              )}
            </TableBody>
          </Table>
          {data && <CrudPagination page={page} pageCount={pageCount} total={data.total} onChange={setPage} />}
        </Paper>
      )}
      {report && <ReportDialog activity={report} onClose={() => setReport(null)} />}
    </Box>
  );
}
