/** A prize's probability history (GET .../prize-probability-history/{lottery}/{prize}): every change, who, when. */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { zonedTimeText } from '../../domain/datetime';
import { DATE_TIME_SECONDS_FORMAT } from '../../domain/limits';
import { useCallApi } from '../../engine/crud/apiCall';
import { useLang } from '../../engine/i18n/useLang';

interface Change { id: number; before: number | null; probability: number; account: string; createdAt: string }

export function ProbabilityHistory({ lotteryId, prizeId, onClose }: { lotteryId: number; prizeId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const [rows, setRows] = useState<Change[]>([]);
  useEffect(() => {
    call<Change[]>('GET marketing/lottery-activity/prize-probability-history/{a}/{b}', { a: lotteryId, b: prizeId }).then(setRows).catch(() => {});
  }, [call, lotteryId, prizeId]);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="probability-history">
      <DialogTitle>{t('screens.lottery.history')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead><TableRow><TableCell>{t('screens.lottery.recordTime')}</TableCell><TableCell align="right">%</TableCell><TableCell>{t('screens.transactionLog.account', { defaultValue: 'Account' })}</TableCell></TableRow></TableHead>
          <TableBody>{rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{zonedTimeText(r.createdAt, { lang, format: DATE_TIME_SECONDS_FORMAT })}</TableCell>
              <TableCell align="right">{r.before === null ? '' : `${r.before} → `}{r.probability}</TableCell>
              <TableCell>{r.account}</TableCell>
            </TableRow>
          ))}</TableBody>
        </Table>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('common.close')}</Button></DialogActions>
    </Dialog>
  );
}
