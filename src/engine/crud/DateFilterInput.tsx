/**
 * A date or date-time input outside a form (list filters, a pane's period or field): the MUI X picker
 * the forms use (src/widgets/DateWidgets: YYYY/MM/DD [HH:mm], typed section by section or
 * picked), the `input` part `date` the app registers (registry.ts), loaded only where a screen
 * has one. A date-time holds the UTC instant, a date 'YYYY-MM-DD'.
 */
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { ComponentType } from 'react';
import { lazyChunk } from '../lazy/lazyChunk';
import { loadPart } from '../registry/registry';

interface DateInputProps {
  id: string;
  name: string;
  label: string;
  value: unknown;
  withTime: boolean;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  error?: boolean;
}

const DateInput = lazyChunk(() => loadPart<ComponentType<DateInputProps>>('input', 'date').then((c) => ({ default: c })));

export interface DateFilterInputProps {
  name: string;
  label: string;
  value: unknown;
  withTime: boolean;
  onChange: (value: string | undefined) => void;
  /** Width from `sm` up (phones: full width). */
  width?: number;
  disabled?: boolean;
  /** A field error, shown under the input. */
  error?: string;
}

export function DateFilterInput({ name, label, value, withTime, onChange, width = withTime ? 220 : 180, disabled, error }: DateFilterInputProps) {
  const sx = { width: { xs: '100%', sm: width }, flexShrink: 0 };
  const waiting = <TextField size="small" disabled fullWidth label={label} data-date-filter-loading="" slotProps={{ inputLabel: { shrink: true } }} />;
  return (
    <Box sx={sx} data-testid={`date-filter-${name}`}>
      <Suspense fallback={waiting}>
        <DateInput id={`filter-${name}`} name={name} label={label} value={value} withTime={withTime} onChange={onChange} disabled={disabled} error={!!error} />
      </Suspense>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
