/**
 * `changeTable`: the fields one logged change touched (the transaction log's detail, items
 * `{ field, before, after }` with JSON text values) as one compact table: a row per field,
 * labelled as the screens of the change's resource label it (the form's `resource`, see
 * changeLabels.ts), its value before and after in the interface language (names objects in
 * the user's language, instants in the user's zone, enum labels, yes/no, lists joined). A create has no Before column, a delete no After
 * column. Below `sm` each field is a block of labelled lines. Read-only. Registered as an RJSF field.
 */
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../domain/lang';
import { changeFieldEnum, changeFieldLabelKeys } from './changeLabels';
import { formatCell } from '../domain/format';
import { useWidgetEnv, type WidgetFormContext } from './env';

interface Change { field: string; before: string; after: string }

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const isNames = (v: unknown): v is Partial<Record<Lang, string>> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => (LANGS as readonly string[]).includes(k));

/** A logged value (JSON text, or a plain string) as the user reads it. */
export function changeValueText(text: string, lang: Lang, t: (key: string) => string, enumName?: string): string {
  if (!text) return '';
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = text; // a string value travels as it is
  }
  const show = (x: unknown): string => {
    if (x === null || x === undefined || x === '') return '';
    if (enumName && (typeof x === 'number' || typeof x === 'string')) return formatCell({ enum: enumName }, x, t, lang);
    if (typeof x === 'boolean') return t(x ? 'screens.crud.yes' : 'screens.crud.no');
    if (typeof x === 'string' && INSTANT.test(x)) return formatCell({ format: 'datetime' }, x, t, lang) || x;
    if (typeof x === 'string' || typeof x === 'number') return String(x);
    if (isNames(x)) return x[lang] || x.zh_TW || Object.values(x).find(Boolean) || '';
    if (Array.isArray(x) && x.every((y) => y === null || typeof y !== 'object' || isNames(y))) return x.map(show).join(', ');
    return JSON.stringify(x);
  };
  return show(v);
}

export function ChangeTableField(props: FieldProps) {
  const { t, i18n } = useTranslation();
  const lang = useWidgetEnv().useLang();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const formData = (props.registry.formContext as WidgetFormContext | undefined)?.formData as Record<string, unknown> | undefined;
  const resource = typeof formData?.resource === 'string' ? formData.resource : '';
  const action = formData?.action;
  const rows = (Array.isArray(props.formData) ? (props.formData as Change[]) : []).filter((r) => r && typeof r.field === 'string');
  const label = (field: string) => {
    const key = changeFieldLabelKeys(resource, field).find((k) => i18n.exists(k));
    return key ? t(key) : field;
  };
  const value = (field: string, text: string) => changeValueText(text, lang, (k) => t(k), changeFieldEnum(resource, field)) || t('screens.transactionLog.empty');
  const columns = (['before', 'after'] as const).filter((c) => !(c === 'before' && action === 'create') && !(c === 'after' && action === 'delete'));
  const title = t('screens.transactionLog.changes');
  const valueSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13 } as const;

  return (
    <Box data-testid="change-table" sx={{ display: 'grid', gap: 1 }}>
      <FormLabel component="div" sx={{ fontWeight: 600, color: 'text.primary' }}>{title}</FormLabel>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('screens.crud.noRows')}</Typography>
      ) : phone ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {rows.map((row, i) => (
            <Box key={`${row.field}-${i}`} data-testid="change-row" sx={{ px: 1.5, py: 1, display: 'grid', gap: 0.25, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{label(row.field)}</Typography>
              {columns.map((c) => (
                <Box key={c} sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary">{t(`screens.transactionLog.${c}`)}</Typography>
                  <Typography variant="body2" sx={valueSx}>{value(row.field, row[c])}</Typography>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}>
          <Table size="small" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, color: 'text.secondary', width: '24%' }}>{t('screens.transactionLog.field')}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 600, color: 'text.secondary' }}>{t(`screens.transactionLog.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={`${row.field}-${i}`} data-testid="change-row" sx={{ verticalAlign: 'top', '&:last-child td': { borderBottom: 0 } }}>
                  <TableCell sx={{ fontWeight: 500 }}>{label(row.field)}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c} sx={valueSx}>{value(row.field, row[c])}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
