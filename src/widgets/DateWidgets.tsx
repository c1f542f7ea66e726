/**
 * `date`, `dateTime` and `dateRange`: MUI X pickers (AdapterDayjs) in the interface language.
 *  - date stores 'YYYY-MM-DD'; dateTime stores an ISO 8601 instant in UTC (times travel in UTC,
 *    DESIGN.md) and shows local time 'YYYY/MM/DD HH:mm';
 *  - `ui:options.min` / `max` bound the choice: an ISO date or time, 'today' or 'now';
 *  - `ui:options.timezoneField` (dateTime): the field holding a timezone id of the config
 *    (e.g. 'timezoneId'): the time is shown and picked as wall-clock time of that zone (its
 *    IANA zone, so daylight saving is right) and still stored as the UTC instant;
 *  - dateRange stores [from, to] (dates, or instants with `ui:options.time: true`); the end
 *    cannot be earlier than the start.
 * `time` stores a wall-clock time 'HH:mm' (a shift's start), picked or typed with the same field.
 * Inputs are named by the field path (`<path>.0`, `<path>.1` for the range).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import type { WidgetProps } from '@rjsf/utils';
import dayjs, { type Dayjs } from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { enUS, zhCN, zhTW } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../domain/lang';
import { zonedTime } from '../domain/datetime';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../domain/limits';
import type { FormContext } from '../engine/crud/rjsf';
import { useLang } from '../engine/i18n/useLang';
import { useReferenceLists } from '../engine/session/reference';

// Time zones of the pickers (AdapterDayjs needs both plugins for its `timezone` prop).
dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

const DAYJS_LOCALE: Record<Lang, string> = { zh_TW: 'zh-tw', zh_CN: 'zh-cn', en: 'en' };
const PICKER_TEXT = {
  zh_TW: zhTW.components.MuiLocalizationProvider.defaultProps.localeText,
  zh_CN: zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

export function PickerProvider({ children }: { children: ReactNode }) {
  const [lang] = useLang();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DAYJS_LOCALE[lang]} localeText={PICKER_TEXT[lang]}>
      {children}
    </LocalizationProvider>
  );
}

/** A bound of ui:options: 'today', 'now' or an ISO date/time; undefined when absent or unreadable. */
export function pickerBound(bound: unknown, now: Dayjs = dayjs()): Dayjs | undefined {
  if (bound === 'today') return now.startOf('day');
  if (bound === 'now') return now;
  if (typeof bound !== 'string' || !bound) return undefined;
  const d = dayjs(bound);
  return d.isValid() ? d : undefined;
}

/** The stored value of a picked day/time. */
export function pickerValue(d: Dayjs | null, withTime: boolean): string | undefined {
  if (!d?.isValid()) return undefined;
  return withTime ? d.second(0).millisecond(0).toISOString() : d.format('YYYY-MM-DD');
}

function parse(value: unknown, zone?: string): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const d = zone ? dayjs.utc(value).tz(zone) : dayjs(value);
  return d.isValid() ? d : null;
}

const valueAtPath = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);

/**
 * The IANA zone of `ui:options.timezoneField` (a timezone id of the config), if any, and the
 * zone's name when it is not the user's (the one rule of src/domain/datetime.ts).
 */
function useFieldZone(props: WidgetProps): { zone?: string; zoneName?: string } {
  const { data: config } = useReferenceLists();
  const [lang] = useLang();
  const field = props.options.timezoneField;
  if (typeof field !== 'string' || !field) return {};
  const formData = (props.registry?.formContext as Partial<FormContext> | undefined)?.formData;
  const id = valueAtPath(formData, field);
  const zone = config?.timezoneInfo?.find((z) => z.id === Number(id))?.zone;
  if (!zone) return {};
  const at = typeof props.value === 'string' && props.value ? props.value : new Date().toISOString();
  return { zone, zoneName: zonedTime(at, { timezoneId: id, lang })?.zoneName };
}

export interface PickerProps {
  id: string;
  name: string;
  label?: string;
  value: unknown;
  withTime: boolean;
  /** IANA zone the time is shown and picked in (default: the browser's). */
  zone?: string;
  /** Shown under the input: the zone's name where it is not the user's. */
  helperText?: string;
  min?: Dayjs;
  max?: Dayjs;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  onChange: (value: string | undefined) => void;
}

function Picker(p: PickerProps) {
  const common = {
    value: parse(p.value, p.zone),
    label: p.label,
    ...(p.zone ? { timezone: p.zone } : {}),
    // Read-only (view mode) renders like disabled, as the other widgets do.
    disabled: p.disabled || p.readOnly,
    onChange: (d: Dayjs | null) => p.onChange(pickerValue(d, p.withTime)),
    slotProps: {
      textField: { id: p.id, name: p.name, size: 'small' as const, fullWidth: true, required: p.required, error: p.error, helperText: p.helperText ? <span data-testid="zone-name">{p.helperText}</span> : undefined },
      field: { clearable: !p.required },
    },
  };
  // Keyed by the zone: MUI X fixes the zone of the value it builds from typed sections when the
  // field mounts (its reference date), so a picker mounted before the zone was known (the
  // reference lists or the form's zone field arrive later) would read a typed 00:00 in the
  // browser's zone. A new zone mounts a new field.
  return p.withTime ? (
    <DateTimePicker key={p.zone ?? 'browser'} {...common} ampm={false} format={DATE_TIME_FORMAT} minDateTime={p.min} maxDateTime={p.max} />
  ) : (
    <DatePicker {...common} format={DATE_FORMAT} minDate={p.min} maxDate={p.max} />
  );
}

/** The picker outside a form (a pane's own field): the same look, format and zone handling. */
export function DateInput(p: PickerProps) {
  return <PickerProvider><Picker {...p} /></PickerProvider>;
}

function single(withTime: boolean) {
  return function DateWidget(props: WidgetProps) {
    const { zone, zoneName } = useFieldZone(props);
    return (
      <PickerProvider>
        <Picker
          id={props.id}
          name={props.htmlName ?? props.id}
          label={props.hideLabel ? undefined : props.label}
          value={props.value}
          withTime={withTime}
          zone={withTime ? zone : undefined}
          helperText={withTime ? zoneName : undefined}
          min={pickerBound(props.options.min)}
          max={pickerBound(props.options.max)}
          required={props.required}
          disabled={props.disabled}
          readOnly={props.readonly}
          error={(props.rawErrors?.length ?? 0) > 0}
          onChange={(v) => props.onChange(v ?? props.options.emptyValue)}
        />
      </PickerProvider>
    );
  };
}

export const DateWidget = single(false);
export const DateTimeWidget = single(true);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' of the day (no date, no zone). */
export function TimeWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' && TIME.test(props.value) ? dayjs(`2000-01-01T${props.value}`) : null;
  return (
    <PickerProvider>
      <TimePicker
        value={value}
        label={props.hideLabel ? undefined : props.label}
        ampm={false}
        format="HH:mm"
        disabled={props.disabled || props.readonly}
        onChange={(d: Dayjs | null) => props.onChange(d?.isValid() ? d.format('HH:mm') : props.options.emptyValue)}
        slotProps={{
          textField: { id: props.id, name: props.htmlName ?? props.id, size: 'small', fullWidth: true, required: props.required, error: (props.rawErrors?.length ?? 0) > 0 },
          field: { clearable: !props.required },
        }}
      />
    </PickerProvider>
  );
}

export function DateRangeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const withTime = props.options.time === true;
  const [from, to] = Array.isArray(props.value) ? props.value : [];
  const start = parse(from);
  const min = pickerBound(props.options.min);
  const max = pickerBound(props.options.max);
  const name = props.htmlName ?? props.id;
  const error = (props.rawErrors?.length ?? 0) > 0;
  const set = (next: [unknown, unknown]) => props.onChange(next[0] === undefined && next[1] === undefined ? props.options.emptyValue : next);
  return (
    <PickerProvider>
      <Box role="group" aria-labelledby={`${props.id}-label`}>
        {!props.hideLabel && (
          <FormLabel id={`${props.id}-label`} required={props.required} error={error} sx={{ fontSize: 13, display: 'block', mb: 1 }}>
            {props.label}
          </FormLabel>
        )}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Picker
            id={`${props.id}_0`}
            name={`${name}.0`}
            label={t('screens.crud.dateFrom')}
            value={from}
            withTime={withTime}
            min={min}
            max={max}
            required={props.required}
            disabled={props.disabled}
            readOnly={props.readonly}
            error={error}
            onChange={(v) => {
              const end = parse(to);
              // A start after the end moves the end along: the end is never earlier than the start.
              const keepEnd = !v || !end || !dayjs(v).isAfter(end);
              set([v, keepEnd ? to : v]);
            }}
          />
          <Box component="span" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
            –
          </Box>
          <Picker
            id={`${props.id}_1`}
            name={`${name}.1`}
            label={t('screens.crud.dateTo')}
            value={to}
            withTime={withTime}
            min={start && (!min || start.isAfter(min)) ? start : min}
            max={max}
            required={props.required}
            disabled={props.disabled}
            readOnly={props.readonly}
            error={error}
            onChange={(v) => set([from, v])}
          />
        </Box>
      </Box>
    </PickerProvider>
  );
}
