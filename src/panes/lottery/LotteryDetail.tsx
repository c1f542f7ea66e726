/**
 * Step 3 of the lottery wizard (info, `?draftId=`): the saved draft reviewed read-only; Next is
 * Create (POST: a new activity) or Update (PUT: a released one), and the wizard ends on the
 * list; Back returns to step 2. The view page (detail, `?id=`): the released activity as stored,
 * with its status, prize amounts left, the probability history, its draws and the result
 * download (the engine's bar adds Back and Edit).
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { zonedTimeText } from '../../domain/datetime';
import { pickName } from '../../domain/lang';
import { timezoneById } from '../../domain/reference/timezones';
import { useCallApi } from '../../engine/crud/apiCall';
import { useLang } from '../../engine/i18n/useLang';
import { bodyOf, formOf, Section } from './LotteryConfigStep';
import { FormSummary, PrizeSummary } from './LotterySummary';
import { LotteryRecords } from './LotteryRecords';
import { ProbabilityHistory } from './ProbabilityHistory';
import { ReportDialog } from './ReportDialog';
import { STATUS_COLOR, type LotteryView, type Option, type TemplateOption } from './types';
import Skeleton from '@mui/material/Skeleton';
import { useWizardStep, type NextResult, type WizardStepProps } from '../../engine/wizard/context';

/** Step 3: the draft reviewed, then released. */
export function LotteryReviewStep(props: WizardStepProps) {
  return <LotteryDetail {...props} mode="info" />;
}

/** The view page of a released activity. */
export default function LotteryViewPage(props: WizardStepProps) {
  return <LotteryDetail {...props} mode="detail" />;
}

function LotteryDetail({ decl, query: params, go, mode }: WizardStepProps & { mode: 'info' | 'detail' }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const id = Number(params.get(mode === 'info' ? 'draftId' : 'id')) || null;
  const [view, setView] = useState<LotteryView | null>(null);
  const [templates, setTemplates] = useState<TemplateOption[]>([]);
  const [products, setProducts] = useState<Option[]>([]);
  const [history, setHistory] = useState<number | null>(null);
  const [report, setReport] = useState(false);
  const k = (key: string) => t(`screens.lottery.${key}`);

  useEffect(() => {
    if (!id) { go('list'); return; }
    call<LotteryView>(decl.api.get!, { id }).then(setView).catch(() => {});
    call<TemplateOption[]>('GET marketing/lottery-activity/template-options', {}).then(setTemplates).catch(() => {});
  }, [call, decl.api.get, id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!view) return;
    call<Option[]>('GET marketing/lottery-activity/product', {}, { query: { selected: view.draft?.qualificationProduct ?? view.qualificationProduct, lang } }).then(setProducts).catch(() => {});
  }, [call, view, lang]);

  /** Step 3's Next: create the activity from its draft, or apply the draft to the released one. */
  const release = async (): Promise<NextResult | false> => {
    if (!view) return false;
    if (view.released) await call(decl.api.update!, {}, { body: { id: view.id, draftId: view.id } });
    else await call(decl.api.create!, {}, { body: { draftId: view.id } });
    return { notice: view.released ? 'screens.crud.successEdit' : 'screens.crud.successAdd' };
  };
  useWizardStep(mode === 'info'
    ? { next: release, nextDisabled: !view, nextLabel: view?.released ? 'screens.lottery.update' : undefined, back: view ? { route: 'config', query: { draftId: view.id } } : undefined }
    : { back: 'list', actions: view && <Button variant="outlined" onClick={() => setReport(true)}>{t('screens.lottery.download')}</Button> });

  if (!view) return <Skeleton variant="rounded" height={320} />;
  // Info shows the draft; detail the stored activity.
  const form = mode === 'info' ? formOf(view) : formOf({ ...view, draft: null });
  const body = bodyOf(form);
  const template = templates.find((x) => x.id === body.templateId);
  const tz = timezoneById(body.timezoneId);
  const time = (v: string) => zonedTimeText(v, { timezoneId: body.timezoneId, lang });
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <TableRow key={label}><TableCell component="th" sx={{ width: { xs: 96, sm: 200 }, whiteSpace: 'nowrap', color: 'text.secondary', verticalAlign: 'top', px: { xs: 1, sm: 2 } }}>{label}</TableCell><TableCell data-testid={testId} sx={{ px: { xs: 1, sm: 2 }, wordBreak: 'break-word' }}>{value}</TableCell></TableRow>
  );
  const qualification = body.qualificationType === 1
    ? (body.qualificationProduct ?? []).map((p) => products.find((o) => o.value === p)?.label ?? `#${p}`).join('、')
    : (body.qualificationType === 2 ? body.qualificationOrder : body.qualificationShipment)?.map((r) => `${products.find((o) => o.value === r.productId)?.label ?? `#${r.productId}`}: ${r.packageIds.map((x) => `#${x}`).join(', ')}`).join('; ');

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title={mode === 'info' ? k('step3') : k('detail')}>
        <Table size="small"><TableBody>
          {row(k('name'), <Box component="span" sx={{ fontWeight: 600 }}>{body.name}</Box>, 'detail-name')}
          {view.status !== null && mode === 'detail' && row(k('status'), <Chip size="small" color={STATUS_COLOR[view.status]} label={t(`enums.LotteryActivityStatus.${view.status}`)} data-testid="detail-status" />)}
          {row(k('template'), template ? `${template.name} · ${t(`enums.GameType.${template.gameType}`)}` : t(`enums.GameType.${view.type}`))}
          {row(k('period'), `${time(body.from)} – ${time(body.to)}`)}
          {row(k('timezone'), tz ? pickName(tz.names, lang) : '')}
          {row(k('memberOnly'), body.memberOnly ? '✓' : '—')}
          {row(k('qualificationType'), `${t(`enums.QualificationType.${body.qualificationType}`)}: ${qualification}`)}
          {row(k('exchangeType'), t(`enums.ExchangeMethod.${body.exchangeType}`))}
          {row(k('payMethod'), t(`enums.PayMethod.${body.payMethod}`))}
          {body.picture && row(k('picture'), <Box component="img" src={body.picture} alt="" sx={{ maxWidth: 240, maxHeight: 120, borderRadius: 1, display: 'block' }} />)}
        </TableBody></Table>
      </Section>
      <Section title={k('prizes')}>
        <PrizeSummary prizes={form.prizeInfo} exchangeType={body.exchangeType} released={mode === 'detail'} onHistory={mode === 'detail' ? (p) => setHistory(p) : undefined} />
      </Section>
      <Section title={k('exchangeForm')}>
        <FormSummary fields={form.exchangeForm} />
      </Section>
      {mode === 'detail' && <Section title={k('records')}><LotteryRecords lotteryId={view.id} timezoneId={view.timezoneId} /></Section>}
      {history !== null && <ProbabilityHistory lotteryId={view.id} prizeId={history} onClose={() => setHistory(null)} />}
      {report && <ReportDialog activity={{ id: view.id, name: view.name, timezoneId: view.timezoneId }} onClose={() => setReport(false)} />}
    </Box>
  );
}
