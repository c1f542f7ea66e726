/**
 * The prize list of step 2 (SPEC.md 3 "Prize", 5 prize rules): winning prizes and at most one
 * no-win prize, each with a name, short name, a 220 x 220 picture, a probability (percent, two
 * decimals); winning prizes with an amount (or, for imported serials, a serial CSV that sets it),
 * a redeem-by rule and, for WeChat pay, the payment fields. The running total shows whether the
 * list makes exactly 100% (the shared rule); a no-win prize always makes up the rest (settleNoWin:
 * its probability follows the winning ones and is not typed).
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { useTranslation } from 'react-i18next';
import { probabilityTotal, PRIZES_MAX, settleNoWin, type PrizeInput } from '../../domain/activity/lottery';
import { PRIZE_PICTURE_RULE } from '../../domain/activity/lotteryForms';
import { ExchangeMethod, PayMethod, PrizeType } from '../../domain/enums';
import { isApiError } from '../../engine/api/ApiError';
import { DateFilterInput } from '../../engine/crud/DateFilterInput';
import { request } from '../../engine/api/client';
import { useFeedback } from '../../engine/feedback/FeedbackProvider';
import { UploadButton } from '../../widgets/UploadWidget';

export type PrizeDraft = PrizeInput & { serialAmount?: number; serialCount?: number; remaining?: number };

export interface PrizeListProps {
  prizes: PrizeDraft[];
  onChange: (prizes: PrizeDraft[]) => void;
  exchangeType: number;
  payMethod: number;
  /** Field path -> translated message. */
  errors: Record<string, string>;
  readOnly?: boolean;
  /** Opens the probability history of a stored prize. */
  onHistory?: (prizeId: number) => void;
}

const PICTURE_SCHEMA = { type: 'string', 'x-file': PRIZE_PICTURE_RULE };

export function PrizeList({ prizes, onChange, exchangeType, payMethod, errors, readOnly, onHistory }: PrizeListProps) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`screens.lottery.${key}`, o);
  const total = probabilityTotal(prizes);
  const hasLose = prizes.some((p) => p.type === PrizeType.NotWinning);
  const change = (list: PrizeDraft[]) => onChange(settleNoWin(list));
  const set = (i: number, patch: Partial<PrizeDraft>) => change(prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const add = (type: number) => {
    const prize: PrizeDraft = { name: '', shortName: '', picture: null, probability: 0, type, amount: type === PrizeType.Winning ? 1 : null };
    change([...prizes, prize]);
  };
  const full = prizes.length >= PRIZES_MAX;
  const ok = total === 100;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="prize-list">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip data-testid="prize-total" color={ok ? 'success' : 'error'} variant={ok ? 'filled' : 'outlined'} label={k('total', { total: Number(total.toFixed(2)) })} />
        {errors.prizeInfo && <Typography variant="body2" color="error" data-testid="prize-list-error">{errors.prizeInfo}</Typography>}
        <Box sx={{ flex: 1 }} />
        {!readOnly && (
          <>
            <Button size="small" startIcon={<AddRounded />} disabled={full} onClick={() => add(PrizeType.Winning)} data-testid="prize-add">{k('addPrize')}</Button>
            <Button size="small" startIcon={<AddRounded />} disabled={full || hasLose} onClick={() => add(PrizeType.NotWinning)} data-testid="prize-add-lose">{k('addLosePrize')}</Button>
          </>
        )}
      </Box>
      {prizes.map((p, i) => (
        <PrizeRow key={i} index={i} prize={p} set={(patch) => set(i, patch)} remove={() => change(prizes.filter((_, j) => j !== i))}
          exchangeType={exchangeType} payMethod={payMethod} errors={errors} readOnly={readOnly} onHistory={onHistory} />
      ))}
    </Box>
  );
}

function PrizeRow({ index, prize: p, set, remove, exchangeType, payMethod, errors, readOnly, onHistory }: {
  index: number; prize: PrizeDraft; set: (patch: Partial<PrizeDraft>) => void; remove: () => void; exchangeType: number; payMethod: number;
  errors: Record<string, string>; readOnly?: boolean; onHistory?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`screens.lottery.${key}`, o);
  const at = `prizeInfo.${index}`;
  const winning = p.type === PrizeType.Winning;
  const err = (f: string) => errors[`${at}.${f}`];
  const field = (f: keyof PrizeDraft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField size="small" name={`${at}.${String(f)}`} label={label} value={(p[f] as string | number | null | undefined) ?? ''} disabled={readOnly}
      error={!!err(String(f))} helperText={err(String(f))} {...extra} />
  );
  const num = (v: string) => (v === '' ? null : Number(v));

  return (
    <Paper variant="outlined" data-testid={`prize-${index}`} sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '120px 1fr' }, borderColor: Object.keys(errors).some((e) => e.startsWith(`${at}.`)) ? 'error.main' : undefined }}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'row', md: 'column' }, alignItems: 'center', justifyContent: { xs: 'flex-start', md: 'flex-start' }, gap: 1 }}>
        <Box sx={{ width: { xs: 64, md: 96 }, height: { xs: 64, md: 96 }, flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', overflow: 'hidden', outline: err('picture') ? '2px solid' : 'none', outlineColor: 'error.main' }}>
          {p.picture ? <Box component="img" src={p.picture} alt={p.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <ImageOutlined sx={{ color: 'text.disabled', fontSize: 40 }} />}
        </Box>
        {!readOnly && (
          <UploadButton schema={PICTURE_SCHEMA} name={`${at}.picture`} id={`prize-picture-${index}`} label={k('prizePicture')} testId={`prize-picture-${index}`}
            onUploaded={(url) => set({ picture: url })} sx={{ fontSize: 12 }} />
        )}
        {err('picture') && <Typography variant="caption" color="error">{err('picture')}</Typography>}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1 }}>
          <Chip size="small" color={winning ? 'primary' : 'default'} label={t(`enums.PrizeType.${p.type}`)} />
          {p.remaining !== undefined && winning && <Typography variant="caption" color="text.secondary">{k('remaining')}: {p.remaining}</Typography>}
          <Box sx={{ flex: 1 }} />
          {p.id && onHistory && <Tooltip title={k('history')}><IconButton size="small" aria-label={k('history')} onClick={() => onHistory(p.id!)}><HistoryRounded fontSize="small" /></IconButton></Tooltip>}
          {!readOnly && <Tooltip title={k('remove')}><IconButton size="small" aria-label={k('remove')} data-testid={`prize-remove-${index}`} onClick={remove}><DeleteOutlineRounded fontSize="small" /></IconButton></Tooltip>}
        </Box>
        {field('name', k('prizeName'), { required: true, onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ name: e.target.value }), slotProps: { htmlInput: { maxLength: 50 } }, sx: { gridColumn: { xs: '1 / -1', sm: 'span 2' } } })}
        {field('shortName', k('shortName'), { onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ shortName: e.target.value }), slotProps: { htmlInput: { maxLength: 20 } } })}
        {field('probability', k('probability'), {
          type: 'number', required: true, onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ probability: Number(e.target.value) }),
          slotProps: { htmlInput: { min: 0, max: 100, step: 0.01, readOnly: !winning } },
          ...(winning ? {} : { helperText: err('probability') ?? k('restOfHundred') }),
        })}
        {winning && exchangeType !== ExchangeMethod.ImportedSerial && field('amount', k('amount'), {
          type: 'number', required: true, onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ amount: num(e.target.value) }), slotProps: { htmlInput: { min: 1, step: 1 } },
        })}
        {winning && exchangeType === ExchangeMethod.ImportedSerial && (
          <SerialImport index={index} prize={p} set={set} error={err('serialImportId')} readOnly={readOnly} />
        )}
        {winning && (
          <TextField select size="small" name={`${at}.expireType`} label={k('expireType')} value={p.expireType ?? ''} disabled={readOnly}
            onChange={(e) => set({ expireType: e.target.value === '' ? null : Number(e.target.value) })}>
            <MenuItem value="">—</MenuItem>
            <MenuItem value={1}>{k('expireDateType')}</MenuItem>
            <MenuItem value={2}>{k('expireDaysType')}</MenuItem>
          </TextField>
        )}
        {winning && p.expireType === 1 && (
          <DateFilterInput name={`${at}.expireDate`} label={k('expireDate')} value={p.expireDate ?? null} withTime={false} disabled={readOnly}
            error={err('expireDate')} onChange={(v) => set({ expireDate: v ?? null })} />
        )}
        {winning && p.expireType === 2 && field('expireDays', k('expireDays'), { type: 'number', onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ expireDays: num(e.target.value) }), slotProps: { htmlInput: { min: 1 } } })}
        {winning && payMethod === PayMethod.WechatPay && (['appId', 'appSecret', 'keyNumber', 'mchId', 'priceName'] as const).map((f) => (
          <TextField key={f} size="small" name={`${at}.paymentInfo.${f}`} label={k(f)} value={p.paymentInfo?.[f] ?? ''} disabled={readOnly}
            error={!!errors[`${at}.paymentInfo.${f}`]} helperText={errors[`${at}.paymentInfo.${f}`]}
            onChange={(e) => set({ paymentInfo: { ...(p.paymentInfo ?? {}), [f]: e.target.value } })} />
        ))}
      </Box>
    </Paper>
  );
}

/** Exchange method 4: a serial CSV per winning prize (POST .../serial-number answers its amount). */
function SerialImport({ index, prize, set, error, readOnly }: { index: number; prize: PrizeDraft; set: (patch: Partial<PrizeDraft>) => void; error?: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const amount = prize.serialAmount ?? prize.serialCount;
  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    try {
      const answer = await request<{ id: number; amount: number }>('POST', 'marketing/lottery-activity/serial-number', { body, silent: true });
      set({ serialImportId: answer.id, serialAmount: answer.amount, amount: answer.amount });
    } catch (e) {
      if (!isApiError(e)) throw e;
      feedback.showError(e);
    } finally { setBusy(false); }
  };
  return (
    <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' }, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <input ref={input} type="file" hidden accept=".csv,text/csv" name={`prizeInfo.${index}.serials`} data-testid={`prize-serials-${index}`}
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void upload(f); }} />
      {!readOnly && <Button size="small" variant="outlined" color={error ? 'error' : 'primary'} startIcon={<UploadFileRounded />} disabled={busy} onClick={() => input.current?.click()}>{t('screens.lottery.serials')}</Button>}
      {amount !== undefined && <Typography variant="body2">{t('screens.lottery.serialsImported', { count: amount })}</Typography>}
      {error && <Typography variant="caption" color="error">{error}</Typography>}
    </Box>
  );
}
