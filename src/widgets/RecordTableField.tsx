/**
 * `recordTable`: a read-only array of records (an order's items, its status history) as a
 * compact table: one column per property of the item schema, titled by its title; values
 * formatted like list cells (`x-enum` labels, `format: "date-time"` in the user's zone,
 * numbers, names objects in the interface language). Below `sm` each record is a small card of
 * labelled lines. Never edits: the field is for what the server answers. Registered as an RJSF field.
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
import { EMPTY_CELL, formatCell } from '../domain/format';
import { useWidgetEnv } from './env';

interface Prop { title?: string; type?: string | string[]; format?: string; 'x-enum'?: string }

export function RecordTableField(props: FieldProps) {
  const { t } = useTranslation();
  const lang = useWidgetEnv().useLang();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const schema = props.schema as { title?: string; items?: { properties?: Record<string, Prop> } };
  const columns = Object.entries(schema.items?.properties ?? {}).map(([key, p]) => ({
    key,
    title: p.title ? t(p.title, { defaultValue: p.title }) : key,
    numeric: [p.type].flat().some((x) => x === 'integer' || x === 'number') && !p['x-enum'],
    column: {
      ...(p['x-enum'] ? { enum: p['x-enum'] } : {}),
      ...(p.format === 'date-time' ? { format: 'datetime' } : [p.type].flat().some((x) => x === 'integer' || x === 'number') ? { format: 'number' } : {}),
    } as Parameters<typeof formatCell>[0],
  }));
  const rows = Array.isArray(props.formData) ? (props.formData as Record<string, unknown>[]) : [];
  const cell = (row: Record<string, unknown>, c: (typeof columns)[number]) => formatCell(c.column, row?.[c.key], t, lang, row) || EMPTY_CELL;
  const title = schema.title ? t(schema.title, { defaultValue: schema.title }) : props.name;

  return (
    <Box data-testid={`record-table-${props.name}`} sx={{ display: 'grid', gap: 1 }}>
      <FormLabel component="div" sx={{ fontWeight: 600, color: 'text.primary' }}>{title}</FormLabel>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('screens.crud.noRows')}</Typography>
      ) : phone ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {rows.map((row, i) => (
            <Box key={i} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1, display: 'grid', gap: 0.5 }}>
              {columns.map((c) => (
                <Box key={c.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography variant="body2" color="text.secondary">{c.title}</Typography>
                  <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>{cell(row, c)}</Typography>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}>{c.title}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={i} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>{cell(row, c)}</TableCell>
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
