/**
 * The filter bar of a list, from `filters.schema` of the declaration: text fields (keyword),
 * enum selects (`x-enum`, with 'All'), option selects (`x-options`, searchable), yes/no for
 * booleans, dates and date-times (`format: date | date-time`) with the MUI X picker the forms
 * use (YYYY/MM/DD [HH:mm], typed or picked; a date-time filter holds the UTC instant). Search
 * (or Enter) applies the filters, Reset clears them; both go to page 1. Inputs are named by the
 * filter key.
 */
import { useMemo, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchRounded from '@mui/icons-material/SearchRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import { useTranslation } from 'react-i18next';
import { DateFilterInput } from './DateFilterInput';
import type { SelectOption } from '../../domain/options';
import { useOptionSource } from './useOptionSource';
import { enumChoices } from './enumChoices';
import type { Filters } from './useCrudList';

type Node = Record<string, unknown>;

export interface FilterField {
  key: string;
  label: string;
  kind: 'text' | 'enum' | 'options' | 'boolean' | 'date' | 'dateTime';
  /** enum: values and labels. */
  choices?: { value: string | number; label: string }[];
  source?: string;
  maxLength?: number;
}

/** The fields of a filter schema, in declaration order. */
export function filterFields(schema: Node | undefined, t: (key: string) => string): FilterField[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, Node>;
  return Object.entries(props).map(([key, node]) => {
    const label = typeof node.title === 'string' ? t(node.title) : key;
    if (typeof node['x-options'] === 'string') return { key, label, kind: 'options', source: node['x-options'] };
    const enumName = typeof node['x-enum'] === 'string' ? node['x-enum'] : typeof node.$ref === 'string' ? /^enum:(.+)$/.exec(node.$ref)?.[1] : undefined;
    if (enumName) {
      const exclude = Array.isArray(node['x-exclude']) ? node['x-exclude'] : [];
      return { key, label, kind: 'enum', choices: enumChoices(enumName, exclude).map((c) => ({ value: c.value, label: t(c.key) })) };
    }
    if (Array.isArray(node.enum)) {
      return { key, label, kind: 'enum', choices: (node.enum as (string | number)[]).map((value) => ({ value, label: String(value) })) };
    }
    if (node.type === 'boolean') return { key, label, kind: 'boolean' };
    if (node.format === 'date-time') return { key, label, kind: 'dateTime' };
    if (node.format === 'date') return { key, label, kind: 'date' };
    return { key, label, kind: 'text', maxLength: typeof node.maxLength === 'number' ? node.maxLength : undefined };
  });
}

const fieldSx = { width: { xs: '100%', sm: 200 }, flexShrink: 0 } as const;

function OptionsFilter({ field, value, onChange }: { field: FilterField; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const { options, loading } = useOptionSource(field.source);
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <Autocomplete<SelectOption>
      options={options}
      value={selected}
      loading={loading}
      size="small"
      sx={fieldSx}
      autoHighlight
      onChange={(_e, o) => onChange(o ? o.value : undefined)}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => String(o.value)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      groupBy={options.some((o) => o.group !== undefined) ? (o) => o.group ?? '' : undefined}
      noOptionsText={t('common.noMatch')}
      loadingText={t('screens.crud.loading')}
      openText={t('common.open')}
      closeText={t('common.close')}
      clearText={t('common.clear')}
      renderInput={(params) => <TextField {...params} name={field.key} label={field.label} placeholder={t('screens.crud.all')} slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }} />}
    />
  );
}

export function FilterBar({ schema, applied, onApply }: { schema: Node; applied: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const fields = useMemo(() => filterFields(schema, (k) => t(k)), [schema, t]);
  const [draft, setDraft] = useState<Filters>(applied);
  const set = (key: string, v: unknown) => setDraft((d) => ({ ...d, [key]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  if (fields.length === 0) return null;
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('screens.crud.filters')}
      data-testid="crud-filters"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {fields.map((field) => {
        const value = draft[field.key];
        if (field.kind === 'options') return <OptionsFilter key={field.key} field={field} value={value} onChange={(v) => set(field.key, v)} />;
        if (field.kind === 'enum' || field.kind === 'boolean') {
          const choices = field.kind === 'boolean' ? [{ value: 'true', label: t('screens.crud.yes') }, { value: 'false', label: t('screens.crud.no') }] : (field.choices ?? []);
          const index = choices.findIndex((c) => c.value === value || String(c.value) === value);
          return (
            <TextField
              key={field.key}
              select
              size="small"
              name={field.key}
              label={field.label}
              value={index >= 0 ? String(index) : ''}
              onChange={(e) => set(field.key, e.target.value === '' ? undefined : choices[Number(e.target.value)]?.value)}
              sx={fieldSx}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <Box component="span" sx={{ color: 'text.secondary' }}>{t('screens.crud.all')}</Box>
              </MenuItem>
              {choices.map((c, i) => (
                <MenuItem key={String(c.value)} value={String(i)}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        if (field.kind === 'date' || field.kind === 'dateTime') {
          return <DateFilterInput key={field.key} name={field.key} label={field.label} value={value} withTime={field.kind === 'dateTime'} onChange={(v) => set(field.key, v)} />;
        }
        return (
          <TextField
            key={field.key}
            size="small"
            name={field.key}
            label={field.label}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(field.key, e.target.value)}
            sx={{ ...fieldSx, width: { xs: '100%', sm: 240 } }}
            slotProps={{
              htmlInput: { maxLength: field.maxLength, enterKeyHint: 'search' },
              input: { startAdornment: <InputAdornment position="start"><SearchRounded fontSize="small" sx={{ color: 'text.disabled' }} /></InputAdornment> },
            }}
          />
        );
      })}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchRounded />} data-testid="crud-search">
          {t('screens.crud.search')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<RestartAltRounded />}
          data-testid="crud-reset"
          sx={{ borderColor: 'divider' }}
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('screens.crud.reset')}
        </Button>
      </Box>
    </Box>
  );
}
