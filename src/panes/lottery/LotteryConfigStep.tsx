/**
 * Step 2 (config) of the lottery wizard: the activity's settings, prizes and redemption form.
 * Opened with `?templateId=` (new), `?draftId=` (back from step 3) or `?id=` (edit a released
 * activity: its pending draft, else its stored settings). Next runs the shared rules
 * (src/domain/activity/lottery.ts) in the browser first, then stores a draft (POST / PUT
 * .../draft) and goes to step 3 with it; Back returns to step 1 (a new activity) or the list.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useTranslation } from 'react-i18next';
import {
  checkLottery, duplicateProducts, exchangeMethodLocked, type FormFieldInput, type LotteryInput, type QualificationPackages,
} from '../../domain/activity/lottery';
import { ExchangeMethod, PayMethod, QualificationType } from '../../domain/enums';
import { pickName } from '../../domain/lang';
import { DEFAULT_TIMEZONE_ID, TIMEZONES, timezoneById } from '../../domain/reference/timezones';
import { isApiError } from '../../engine/api/ApiError';
import { useCallApi } from '../../engine/crud/apiCall';
import { useFeedback } from '../../engine/feedback/FeedbackProvider';
import { useLang } from '../../engine/i18n/useLang';
import { PrizeList, type PrizeDraft } from './PrizeList';
import { ProbabilityHistory } from './ProbabilityHistory';
import { RedemptionFormEditor } from './RedemptionFormEditor';
import type { LotteryView, Option, TemplateOption } from './types';
import { useWizardStep, type NextResult, type WizardStepProps } from '../../engine/wizard/context';
import { DateInput } from '../../widgets/DateWidgets';
import { UploadButton } from '../../widgets/UploadWidget';

/** The activity's own picture (SPEC 3 pictureFile): an image up to 2 MB, any size. */
const ACTIVITY_PICTURE_SCHEMA = { type: 'string', 'x-file': { kind: 'image', maxMB: 2 } };

type Fields = Record<string, { key: string; params?: Record<string, unknown> }>;

export interface ConfigForm {
  id?: number; templateId: number; name: string; qualificationType: number; qualificationProduct: number[];
  qualificationOrder: QualificationPackages[]; qualificationShipment: QualificationPackages[];
  from: string; to: string; timezoneId: number; memberOnly: boolean; enable: boolean;
  exchangeType: number; payMethod: number; picture: string | null; prizeInfo: PrizeDraft[]; exchangeForm: FormFieldInput[];
}

/** The next full hour, `days` from now (ISO). */
const hourFromNow = (days: number) => new Date(Math.ceil((Date.now() + days * 86400000) / 3600000) * 3600000).toISOString();

function blankForm(templateId: number): ConfigForm {
  return {
    templateId, name: '', qualificationType: QualificationType.Product, qualificationProduct: [], qualificationOrder: [], qualificationShipment: [],
    from: hourFromNow(0), to: hourFromNow(30), timezoneId: DEFAULT_TIMEZONE_ID, memberOnly: false, enable: true,
    exchangeType: ExchangeMethod.OnlineWithoutSerial, payMethod: PayMethod.None, picture: null, prizeInfo: [], exchangeForm: [],
  };
}

/** The form of a stored activity or its draft. */
export function formOf(view: LotteryView): ConfigForm {
  const src = (view.draft ?? {
    templateId: view.templateId ?? 0, name: view.name, qualificationType: view.qualificationType, qualificationProduct: view.qualificationProduct,
    qualificationOrder: view.qualificationOrder, qualificationShipment: view.qualificationShipment, from: view.from ?? '', to: view.to ?? '',
    timezoneId: view.timezoneId ?? DEFAULT_TIMEZONE_ID, memberOnly: view.memberOnly, enable: view.enable, exchangeType: view.exchangeType,
    payMethod: view.payMethod, picture: view.picture, prizeInfo: view.prizeInfo, exchangeForm: view.exchangeForm,
  }) as LotteryInput;
  const stored = new Map(view.prizeInfo.map((p) => [p.id, p]));
  return {
    id: view.released ? view.id : undefined, templateId: src.templateId, name: src.name, qualificationType: src.qualificationType,
    qualificationProduct: src.qualificationProduct ?? [], qualificationOrder: src.qualificationOrder ?? [], qualificationShipment: src.qualificationShipment ?? [],
    from: src.from, to: src.to, timezoneId: src.timezoneId, memberOnly: src.memberOnly,
    enable: src.enable ?? view.enable, exchangeType: src.exchangeType, payMethod: src.payMethod, picture: src.picture ?? null,
    prizeInfo: src.prizeInfo.map((p) => {
      const s = p.id ? stored.get(p.id) : undefined;
      const { serialCount: _c, remaining: _r, ...rest } = p as PrizeDraft;
      return { ...rest, ...(s ? { remaining: s.remaining, serialCount: s.serialCount } : {}) };
    }),
    exchangeForm: src.exchangeForm.map(({ id: _id, ...f }) => f),
  };
}

/** The body of the draft calls. */
export function bodyOf(form: ConfigForm): LotteryInput {
  const { prizeInfo, ...rest } = form;
  return {
    ...rest,
    name: rest.name.trim(),
    prizeInfo: prizeInfo.map(({ serialAmount: _a, serialCount: _c, remaining: _r, ...p }) => ({ ...p, probability: Number(p.probability) || 0 })),
    exchangeForm: form.exchangeForm.map((f, i) => ({ ...f, options: (f.options ?? []).map((o) => o.trim()).filter(Boolean), sort: i })),
  };
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

export default function LotteryConfigStep({ query: params, go }: WizardStepProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const call = useCallApi();
  const feedback = useFeedback();
  const [form, setForm] = useState<ConfigForm | null>(null);
  const [view, setView] = useState<LotteryView | null>(null);
  const [template, setTemplate] = useState<TemplateOption | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  const [products, setProducts] = useState<Option[]>([]);
  const [packages, setPackages] = useState<Option[]>([]);
  const [history, setHistory] = useState<number | null>(null);
  const k = (key: string, o?: Record<string, unknown>) => t(`screens.lottery.${key}`, o);
  const existingId = Number(params.get('draftId') ?? params.get('id')) || null;
  const templateId = Number(params.get('templateId')) || null;

  useEffect(() => {
    let live = true;
    (async () => {
      if (existingId) {
        const v = await call<LotteryView>('GET marketing/lottery-activity/{id}', { id: existingId });
        if (live) { setView(v); setForm(formOf(v)); }
      } else if (templateId) {
        if (live) setForm(blankForm(templateId));
      } else go('create');
    })().catch(() => {});
    return () => { live = false; };
  }, [call, existingId, templateId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!form) return;
    call<TemplateOption[]>('GET marketing/lottery-activity/template-options', {}).then((list) => setTemplate(list.find((x) => x.id === form.templateId) ?? null)).catch(() => {});
  }, [call, form?.templateId]); // eslint-disable-line react-hooks/exhaustive-deps

  const qType = form?.qualificationType;
  const chosenProducts = useMemo(() => (form ? [...form.qualificationProduct, ...form.qualificationOrder.map((r) => r.productId), ...form.qualificationShipment.map((r) => r.productId)] : []), [form]);
  const chosenPackages = useMemo(() => (form ? (qType === 2 ? form.qualificationOrder : form.qualificationShipment).flatMap((r) => r.packageIds) : []), [form, qType]);
  const productKey = chosenProducts.join(',');
  const packageKey = chosenPackages.join(',');
  useEffect(() => {
    if (!form) return;
    call<Option[]>('GET marketing/lottery-activity/product', {}, { query: { selected: chosenProducts, lang } }).then(setProducts).catch(() => {});
  }, [call, lang, !!form, productKey]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!form || qType === QualificationType.Product) return;
    call<Option[]>('GET marketing/lottery-activity/binding-info', {}, { query: { type: qType, selected: chosenPackages } }).then(setPackages).catch(() => {});
  }, [call, qType, !!form, packageKey]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Next: the shared rules, then the draft (a new one, or the draft of this activity); step 3 with it. */
  async function save(current: ConfigForm): Promise<NextResult | false> {
    const body = bodyOf(current);
    const failure = checkLottery(body);
    if (failure) {
      setFieldErrors(failure.fields);
      const text = failure.code === 1 ? t('common.formInvalid') : `${t(`errors.${failure.code}`)} (${failure.code})`;
      feedback.alert(text, { title: t('common.fail') });
      return false;
    }
    try {
      const draftId = view?.draftId ?? (view && !view.released ? view.id : null);
      const answer = draftId
        ? await call<{ draftId: number }>('PUT marketing/lottery-activity/draft', {}, { body: { ...body, draftId }, silent: true })
        : await call<{ draftId: number }>('POST marketing/lottery-activity/draft', {}, { body, silent: true });
      return { query: { draftId: answer.draftId } };
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.data && typeof e.data === 'object') setFieldErrors(Object.fromEntries(Object.entries(e.data as Fields).filter(([, v]) => v && typeof v === 'object' && 'key' in v)));
      feedback.showError(e);
      return false;
    }
  }

  useWizardStep({
    next: () => (form ? save(form) : false),
    nextDisabled: !form,
    back: view?.released ? 'list' : { route: 'create', query: form ? { templateId: form.templateId } : {} },
  });

  if (!form) return <Skeleton variant="rounded" height={320} />;

  const set = (patch: Partial<ConfigForm>) => {
    setForm({ ...form, ...patch });
    if (Object.keys(fieldErrors).length) setFieldErrors(checkLottery(bodyOf({ ...form, ...patch }))?.fields ?? {});
  };
  const msg = (f: { key: string; params?: Record<string, unknown> }) => t(`validation.${f.key}`, f.params ?? {});
  const dupFields = { ...duplicateProducts(form.qualificationOrder, 'qualificationOrder'), ...duplicateProducts(form.qualificationShipment, 'qualificationShipment') };
  const errors: Record<string, string> = Object.fromEntries(Object.entries({ ...dupFields, ...fieldErrors }).map(([p, f]) => [p, msg(f)]));
  const started = !!view?.released && !!view.from && Date.parse(view.from) <= Date.now();
  const locked = exchangeMethodLocked({ started, prizeCount: form.prizeInfo.length });
  const tzName = (id: number) => { const z = TIMEZONES.find((x) => x.id === id); return z ? pickName(z.names, lang) : String(id); };
  const zone = timezoneById(form.timezoneId)?.zone;
  const optionLabel = (list: Option[], id: number) => list.find((o) => o.value === id)?.label ?? `#${id}`;


  const packageRows = (field: 'qualificationOrder' | 'qualificationShipment') => {
    const rows = form[field];
    const setRows = (next: QualificationPackages[]) => set({ [field]: next } as Partial<ConfigForm>);
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={field}>
        {errors[field] && <Typography variant="body2" color="error">{errors[field]}</Typography>}
        {rows.map((r, i) => (
          <Box key={i} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) minmax(0, 1.5fr) auto' }, alignItems: 'start' }}>
            <Autocomplete size="small" options={products.map((o) => o.value)} value={r.productId || null} getOptionLabel={(id) => optionLabel(products, id)}
              onChange={(_, v) => setRows(rows.map((x, j) => (j === i ? { ...x, productId: v ?? 0 } : x)))}
              renderInput={(p) => <TextField {...p} name={`${field}.${i}.productId`} label={k('product')} error={!!errors[`${field}.${i}.productId`]} helperText={errors[`${field}.${i}.productId`] && k('duplicateProduct')} />} />
            <Autocomplete multiple size="small" options={packages.map((o) => o.value)} value={r.packageIds} getOptionLabel={(id) => optionLabel(packages, id)}
              onChange={(_, v) => setRows(rows.map((x, j) => (j === i ? { ...x, packageIds: v } : x)))} sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
              renderInput={(p) => <TextField {...p} name={`${field}.${i}.packageIds`} label={k('packages')} error={!!errors[`${field}.${i}.packageIds`]} helperText={errors[`${field}.${i}.packageIds`]} />} />
            <IconButton aria-label={k('remove')} onClick={() => setRows(rows.filter((_, j) => j !== i))} sx={{ gridRow: { xs: '1', sm: 'auto' }, gridColumn: { xs: '2', sm: 'auto' } }}><DeleteOutlineRounded /></IconButton>
          </Box>
        ))}
        <Box><Button size="small" startIcon={<AddRounded />} onClick={() => setRows([...rows, { productId: 0, packageIds: [] }])}>{k('addRow')}</Button></Box>
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title={k('step2')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField size="small" name="name" label={k('name')} required value={form.name} onChange={(e) => set({ name: e.target.value })}
            error={!!errors.name} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 50 } }} />
          <TextField size="small" label={k('template')} value={template ? `${template.name} · ${t(`enums.GameType.${template.gameType}`)}` : ''} disabled />
          <DateInput id="lottery-from" name="from" label={k('from')} required withTime value={form.from} zone={zone} error={!!errors.from}
            helperText={errors.from} onChange={(v) => set({ from: v ?? '' })} />
          <DateInput id="lottery-to" name="to" label={k('to')} required withTime value={form.to} zone={zone} error={!!errors.to}
            helperText={errors.to} onChange={(v) => set({ to: v ?? '' })} />
          <TextField select size="small" name="timezoneId" label={k('timezone')} value={form.timezoneId} onChange={(e) => set({ timezoneId: Number(e.target.value) })}>
            {TIMEZONES.map((z) => <MenuItem key={z.id} value={z.id}>{tzName(z.id)}</MenuItem>)}
          </TextField>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <FormControlLabel control={<Switch name="memberOnly" checked={form.memberOnly} onChange={(e) => set({ memberOnly: e.target.checked })} />} label={k('memberOnly')} />
            {view?.released && <FormControlLabel control={<Switch name="enable" checked={form.enable} onChange={(e) => set({ enable: e.target.checked })} />} label={k('enable')} />}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, gridColumn: '1 / -1' }} data-testid="lottery-picture">
            <Box sx={{ width: 120, height: 64, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
              {form.picture ? <Box component="img" src={form.picture} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <ImageOutlined sx={{ color: 'text.disabled' }} />}
            </Box>
            <UploadButton schema={ACTIVITY_PICTURE_SCHEMA} name="picture" id="lottery-picture" label={k('picture')} testId="lottery-picture" onUploaded={(url) => set({ picture: url })} />
            {form.picture && <Button size="small" onClick={() => set({ picture: null })}>{k('remove')}</Button>}
          </Box>
        </Box>
      </Section>

      <Section title={k('qualificationType')} testId="lottery-qualification">
        <RadioGroup row name="qualificationType" value={form.qualificationType} onChange={(e) => set({ qualificationType: Number(e.target.value) })}>
          {Object.values(QualificationType).map((q) => <FormControlLabel key={q} value={q} control={<Radio />} label={t(`enums.QualificationType.${q}`)} />)}
        </RadioGroup>
        {form.qualificationType === QualificationType.Product && (
          <Autocomplete multiple size="small" options={products.map((o) => o.value)} value={form.qualificationProduct} getOptionLabel={(id) => optionLabel(products, id)}
            onChange={(_, v) => set({ qualificationProduct: v })} data-testid="qualification-products"
            renderInput={(p) => <TextField {...p} name="qualificationProduct" label={k('qualificationProduct')} error={!!errors.qualificationProduct} helperText={errors.qualificationProduct} />} />
        )}
        {form.qualificationType === QualificationType.OrderPackage && packageRows('qualificationOrder')}
        {form.qualificationType === QualificationType.ShipmentPackage && packageRows('qualificationShipment')}
      </Section>

      <Section title={k('exchangeType')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField select size="small" name="exchangeType" label={k('exchangeType')} value={form.exchangeType} disabled={locked}
            helperText={locked ? k('exchangeLocked') : undefined} onChange={(e) => set({ exchangeType: Number(e.target.value) })}>
            {Object.values(ExchangeMethod).map((m) => <MenuItem key={m} value={m}>{t(`enums.ExchangeMethod.${m}`)}</MenuItem>)}
          </TextField>
          <TextField select size="small" name="payMethod" label={k('payMethod')} value={form.payMethod} onChange={(e) => set({ payMethod: Number(e.target.value) })}>
            {Object.values(PayMethod).map((m) => <MenuItem key={m} value={m}>{t(`enums.PayMethod.${m}`)}</MenuItem>)}
          </TextField>
        </Box>
      </Section>

      <Section title={k('prizes')} testId="lottery-prizes">
        <PrizeList prizes={form.prizeInfo} onChange={(prizeInfo) => set({ prizeInfo })} exchangeType={form.exchangeType} payMethod={form.payMethod} errors={errors}
          onHistory={view?.released ? (id) => setHistory(id) : undefined} />
      </Section>

      <Section title={k('exchangeForm')} testId="lottery-form">
        <RedemptionFormEditor fields={form.exchangeForm} onChange={(exchangeForm) => set({ exchangeForm })} exchangeType={form.exchangeType} errors={errors} />
      </Section>

      {history !== null && view && <ProbabilityHistory lotteryId={view.id} prizeId={history} onClose={() => setHistory(null)} />}
    </Box>
  );
}
