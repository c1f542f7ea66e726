/**
 * Read-only tables of step 3 and the detail: the prizes (picture, name, type, probability,
 * amount and what remains, redeem-by, serials) and the redemption form fields.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { useTranslation } from 'react-i18next';
import { probabilityTotal, type FormFieldInput } from '../../domain/activity/lottery';
import { ExchangeMethod, PrizeType } from '../../domain/enums';
import type { PrizeDraft } from './PrizeList';

export function PrizeSummary({ prizes, exchangeType, released, onHistory }: { prizes: PrizeDraft[]; exchangeType: number; released: boolean; onHistory?: (id: number) => void }) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`screens.lottery.${key}`, o);
  const total = probabilityTotal(prizes);
  const expiry = (p: PrizeDraft) => (p.expireType === 1 ? p.expireDate ?? '' : p.expireType === 2 ? `${p.expireDays ?? ''} ${k('expireDays')}` : '—');
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="prize-summary">
      <Box><Chip size="small" color={total === 100 ? 'success' : 'error'} label={k('total', { total })} /></Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }} />
              <TableCell>{k('prizeName')}</TableCell>
              <TableCell>{k('prizeType')}</TableCell>
              <TableCell align="right">{k('probability')}</TableCell>
              <TableCell align="right">{k('amount')}</TableCell>
              {released && <TableCell align="right">{k('remaining')}</TableCell>}
              <TableCell>{k('expireType')}</TableCell>
              {onHistory && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {prizes.map((p, i) => {
              const winning = p.type === PrizeType.Winning;
              const amount = exchangeType === ExchangeMethod.ImportedSerial ? (p.serialAmount ?? p.serialCount ?? p.amount) : p.amount;
              return (
                <TableRow key={p.id ?? `new-${i}`} data-testid={`prize-summary-${i}`}>
                  <TableCell>{p.picture && <Box component="img" src={p.picture} alt="" sx={{ width: 44, height: 44, borderRadius: 1, objectFit: 'cover', display: 'block' }} />}</TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    {p.shortName && <Typography variant="caption" color="text.secondary">{p.shortName}</Typography>}
                  </TableCell>
                  <TableCell><Chip size="small" variant={winning ? 'filled' : 'outlined'} color={winning ? 'primary' : 'default'} label={t(`enums.PrizeType.${p.type}`)} /></TableCell>
                  <TableCell align="right">{Number(p.probability)}%</TableCell>
                  <TableCell align="right">{winning ? amount ?? '' : '—'}</TableCell>
                  {released && <TableCell align="right">{winning ? p.remaining ?? '' : '—'}</TableCell>}
                  <TableCell>{winning ? expiry(p) : '—'}</TableCell>
                  {onHistory && (
                    <TableCell align="right">
                      {p.id && <Tooltip title={k('history')}><IconButton size="small" aria-label={k('history')} data-testid={`prize-history-${i}`} onClick={() => onHistory(p.id!)}><HistoryRounded fontSize="small" /></IconButton></Tooltip>}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

export function FormSummary({ fields }: { fields: FormFieldInput[] }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`screens.lottery.${key}`);
  if (!fields.length) return <Typography variant="body2" color="text.secondary">—</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="form-summary">
        <TableHead><TableRow><TableCell>{k('fieldName')}</TableCell><TableCell>{k('fieldType')}</TableCell><TableCell>{k('required')}</TableCell></TableRow></TableHead>
        <TableBody>
          {fields.map((f, i) => (
            <TableRow key={i}>
              <TableCell>{f.name}</TableCell>
              <TableCell>
                {t(`enums.RedemptionFieldType.${f.type}`)}
                {f.options?.length ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{f.options.join(' / ')}</Typography> : null}
                {f.condition ? <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{t(`enums.NumberCondition.${f.condition}`)}</Typography> : null}
              </TableCell>
              <TableCell>{f.required ? '✓' : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
