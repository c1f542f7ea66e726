/**
 * The draws of a released activity (GET marketing/lottery-activity/{id}/records): when, which
 * code and member played, the prize, the serial given and the redemption answers; newest first,
 * paged; "winners only" narrows to winning draws. Shown on the detail under the form.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { zonedTimeText } from '../../../domain/datetime';
import { DATE_TIME_SECONDS_FORMAT } from '../../../domain/limits';
import { useCallApi } from '../../crud/apiCall';
import { useLang } from '../../i18n/useLang';

interface PlayRow { id: number; code: string | null; member: string | null; prize: string | null; won: boolean; serial: string | null; answers: Record<string, unknown> | null; redeemedAt: string | null; createdAt: string }

const answerText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v));

export function LotteryRecords({ lotteryId, timezoneId }: { lotteryId: number; timezoneId: number | null }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const [page, setPage] = useState(0);
  const [won, setWon] = useState(false);
  const [data, setData] = useState<{ total: number; items: PlayRow[] }>({ total: 0, items: [] });
  const k = (key: string) => t(`screens.lottery.${key}`);
  useEffect(() => {
    call<{ total: number; items: PlayRow[] }>('GET marketing/lottery-activity/{id}/records', { id: lotteryId }, { query: { page: page + 1, pageSize: 10, ...(won ? { won: true } : {}) } })
      .then(setData).catch(() => {});
  }, [call, lotteryId, page, won]);
  const time = (v: string) => zonedTimeText(v, { timezoneId: timezoneId ?? undefined, lang, format: DATE_TIME_SECONDS_FORMAT });
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="lottery-records">
      <FormControlLabel control={<Switch checked={won} onChange={(e) => { setWon(e.target.checked); setPage(0); }} />} label={k('winnersOnly')} />
      {data.items.length === 0 ? <Typography color="text.secondary">{k('noRecords')}</Typography> : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead><TableRow>
              <TableCell>{k('recordTime')}</TableCell><TableCell>{k('code')}</TableCell><TableCell>{k('member')}</TableCell>
              <TableCell>{k('prize')}</TableCell><TableCell>{k('serial')}</TableCell><TableCell>{k('answers')}</TableCell>
            </TableRow></TableHead>
            <TableBody>{data.items.map((r) => (
              <TableRow key={r.id} data-testid={`lottery-record-${r.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(r.createdAt)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{r.code}</TableCell>
                <TableCell>{r.member ?? '—'}</TableCell>
                <TableCell>{r.won ? <Chip size="small" color="success" label={r.prize} /> : (r.prize ?? k('noPrize'))}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{r.serial ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {r.answers ? Object.entries(r.answers).map(([name, v]) => <div key={name}><Box component="span" sx={{ color: 'text.secondary' }}>{name}: </Box>{answerText(v)}</div>) : '—'}
                  {r.redeemedAt && <Typography variant="caption" color="text.secondary">{k('redeemed')} {time(r.redeemedAt)}</Typography>}
                </TableCell>
              </TableRow>
            ))}</TableBody>
          </Table>
        </Box>
      )}
      {data.total > 10 && <TablePagination component="div" count={data.total} page={page} rowsPerPage={10} rowsPerPageOptions={[10]} onPageChange={(_, p) => setPage(p)} />}
    </Box>
  );
}
