/**
 * The result-download dialog (SPEC.md 3 "Result download request"): winners list (1) or
 * activity records (2), an optional time range in the activity's time zone, with or without the
 * redemption answers, optionally only the records of one product (the names of GET
 * Report/SMYproductName); the report follows the interface language. It queues an export job
 * (ExportPrizeWinners 11 / ExportActivityRecords 10) that the jobs card follows and downloads.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { JobCategory } from '../../domain/enums';
import { DEFAULT_TIMEZONE_ID, timezoneById } from '../../domain/reference/timezones';
import { DateInput } from '../../widgets/DateWidgets';
import { useCallApi } from '../../engine/crud/apiCall';
import { useFeedback } from '../../engine/feedback/FeedbackProvider';
import { useLang } from '../../engine/i18n/useLang';
import { runExport } from '../../engine/jobs/index';
import type { RowDialogProps } from '../../engine/crud/RowDialog';

/** SPEC 7: the lottery row's result download (Report/Activity/file takes the same body). */
export const REPORT_CALL = 'POST marketing/lottery-activity/report';
/** SPEC 7: the product names the dialog offers as a filter. */
export const PRODUCT_NAMES_CALL = 'GET Report/SMYproductName';

export function ReportDialog({ activity, onClose }: { activity: { id: number; name: string; timezoneId: number | null }; onClose: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const feedback = useFeedback();
  const [type, setType] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [showInfo, setShowInfo] = useState(true);
  const [productId, setProductId] = useState<number | ''>('');
  const [products, setProducts] = useState<{ id: number; name: string }[]>([]);
  const call = useCallApi();
  useEffect(() => {
    call<{ id: number; name: string }[]>(PRODUCT_NAMES_CALL, {}, { query: { lang } }).then(setProducts).catch(() => {});
  }, [call, lang]);
  const k = (key: string) => t(`screens.lottery.${key}`);
  const tz = activity.timezoneId ?? DEFAULT_TIMEZONE_ID;

  const submit = async () => {
    const body: Record<string, unknown> = { activityId: activity.id, timezoneId: tz, type, showInfo, language: lang };
    if (from) body.from = from;
    if (to) body.to = to;
    if (productId !== '') body.productId = productId;
    try {
      await runExport(REPORT_CALL, body, { category: type === 1 ? JobCategory.ExportPrizeWinners : JobCategory.ExportActivityRecords, label: `${activity.name} ${k(type === 1 ? 'winnersFile' : 'recordsFile')}` });
      feedback.toast(t('common.noticeExport'), 'success');
      onClose();
    } catch { /* shown by the api client */ }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="lottery-report-dialog">
      <DialogTitle>{k('download')} · {activity.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <RadioGroup row value={type} onChange={(e) => setType(Number(e.target.value))} name="type">
          <FormControlLabel value={1} control={<Radio />} label={k('winnersFile')} />
          <FormControlLabel value={2} control={<Radio />} label={k('recordsFile')} />
        </RadioGroup>
        <DateInput id="report-from" name="from" label={k('from')} withTime value={from} zone={timezoneById(tz)?.zone} onChange={(v) => setFrom(v ?? '')} />
        <DateInput id="report-to" name="to" label={k('to')} withTime value={to} zone={timezoneById(tz)?.zone} onChange={(v) => setTo(v ?? '')} />
        <TextField select id="report-product" name="productId" label={k('reportProduct')} value={productId} onChange={(e) => setProductId(e.target.value === '' ? '' : Number(e.target.value))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} data-testid="lottery-report-product">
          <MenuItem value="">{k('reportAllProducts')}</MenuItem>
          {products.map((p) => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
        </TextField>
        <FormControlLabel control={<Switch checked={showInfo} onChange={(e) => setShowInfo(e.target.checked)} name="showInfo" />} label={k('showInfo')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} data-testid="lottery-report-submit">{k('download')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The lottery list's row action `download` (a dialog part): the row's activity. */
export default function LotteryReportAction({ row, onClose }: RowDialogProps) {
  return <ReportDialog activity={{ id: Number(row.id), name: String(row.name ?? ''), timezoneId: typeof row.timezoneId === 'number' ? row.timezoneId : null }} onClose={onClose} />;
}
