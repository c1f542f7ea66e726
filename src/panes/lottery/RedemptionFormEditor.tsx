/**
 * The redemption form of step 2 (SPEC.md 3 "Redemption form field", 5 online exchange info):
 * fields a winner fills in to redeem: name, type (dropdown, radio, checkbox with options; single
 * or multi line; number with a condition; date; address), required; in the order given. At least
 * one field unless the exchange method is 3 or 4 (shared rule `formRequired`).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { useTranslation } from 'react-i18next';
import { FORM_FIELDS_MAX, formRequired, type FormFieldInput } from '../../domain/activity/lottery';
import { NumberCondition, RedemptionFieldType } from '../../domain/enums';

const CHOICES: readonly number[] = [RedemptionFieldType.Dropdown, RedemptionFieldType.Radio, RedemptionFieldType.Checkbox];

export function RedemptionFormEditor({ fields, onChange, exchangeType, errors, readOnly }: {
  fields: FormFieldInput[]; onChange: (f: FormFieldInput[]) => void; exchangeType: number; errors: Record<string, string>; readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`screens.lottery.${key}`);
  const set = (i: number, patch: Partial<FormFieldInput>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, d: -1 | 1) => {
    const list = [...fields];
    [list[i], list[i + d]] = [list[i + d], list[i]];
    onChange(list);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="redemption-form">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {!formRequired(exchangeType) && <Typography variant="body2" color="text.secondary">{k('formOptional')}</Typography>}
        {errors.exchangeForm && <Typography variant="body2" color="error" data-testid="redemption-form-error">{errors.exchangeForm}</Typography>}
        <Box sx={{ flex: 1 }} />
        {!readOnly && <Button size="small" startIcon={<AddRounded />} disabled={fields.length >= FORM_FIELDS_MAX} data-testid="field-add"
          onClick={() => onChange([...fields, { name: '', type: RedemptionFieldType.SingleLine, options: [], required: true }])}>{k('addField')}</Button>}
      </Box>
      {fields.map((f, i) => {
        const at = `exchangeForm.${i}`;
        return (
          <Paper key={i} variant="outlined" data-testid={`field-${i}`} sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1.4fr 1fr auto' }, alignItems: 'start' }}>
            <TextField size="small" name={`${at}.name`} label={k('fieldName')} value={f.name} required disabled={readOnly}
              error={!!errors[`${at}.name`]} helperText={errors[`${at}.name`]} onChange={(e) => set(i, { name: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 50 } }} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} />
            <TextField select size="small" name={`${at}.type`} label={k('fieldType')} value={f.type} disabled={readOnly}
              onChange={(e) => { const type = Number(e.target.value); set(i, { type, options: CHOICES.includes(type) ? f.options ?? [] : [], condition: type === RedemptionFieldType.Number ? NumberCondition.Unlimited : null }); }}>
              {Object.values(RedemptionFieldType).map((v) => <MenuItem key={v} value={v}>{t(`enums.RedemptionFieldType.${v}`)}</MenuItem>)}
            </TextField>
            <FormControlLabel control={<Switch size="small" checked={!!f.required} disabled={readOnly} onChange={(e) => set(i, { required: e.target.checked })} name={`${at}.required`} />} label={k('required')} />
            {!readOnly && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <IconButton size="small" aria-label="up" disabled={i === 0} onClick={() => move(i, -1)}><ArrowUpwardRounded fontSize="small" /></IconButton>
                <IconButton size="small" aria-label="down" disabled={i === fields.length - 1} onClick={() => move(i, 1)}><ArrowDownwardRounded fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={k('remove')} data-testid={`field-remove-${i}`} onClick={() => onChange(fields.filter((_, j) => j !== i))}><DeleteOutlineRounded fontSize="small" /></IconButton>
              </Box>
            )}
            {CHOICES.includes(f.type) && (
              <TextField size="small" multiline minRows={2} name={`${at}.options`} label={k('options')} disabled={readOnly} sx={{ gridColumn: '1 / -1' }}
                value={(f.options ?? []).join('\n')} error={!!errors[`${at}.options`]} helperText={errors[`${at}.options`]}
                onChange={(e) => set(i, { options: e.target.value.split('\n') })} />
            )}
            {f.type === RedemptionFieldType.Number && (
              <TextField select size="small" name={`${at}.condition`} label={k('condition')} value={f.condition ?? ''} disabled={readOnly}
                error={!!errors[`${at}.condition`]} helperText={errors[`${at}.condition`]} onChange={(e) => set(i, { condition: Number(e.target.value) })}>
                {Object.values(NumberCondition).map((v) => <MenuItem key={v} value={v}>{t(`enums.NumberCondition.${v}`)}</MenuItem>)}
              </TextField>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
