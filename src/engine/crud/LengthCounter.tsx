/**
 * The length limit of a text input, shown once the text nears it: "85 / 100" from 80% of
 * `maxLength`, in the error colour past it. Inputs never cut what the user typed or pasted:
 * the validator refuses a text over the limit and the counter says by how much.
 */
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';

/** Characters as the validator counts them (code points). */
export const textLength = (value: unknown): number => (typeof value === 'string' ? [...value].length : 0);

/** From which share of the limit the counter shows. */
export const COUNTER_FROM = 0.8;

export function showsCounter(length: number, max: number | undefined): max is number {
  return typeof max === 'number' && max > 0 && length >= Math.ceil(max * COUNTER_FROM);
}

export function LengthCounter({ value, max, field }: { value: unknown; max: number | undefined; field?: string }) {
  const { t } = useTranslation();
  const length = textLength(value);
  if (!showsCounter(length, max)) return null;
  const over = length > max;
  return (
    <FormHelperText
      component="div"
      data-testid="length-counter"
      data-field={field}
      error={over}
      aria-live="polite"
      sx={{ mx: 1.75, mt: 0.25, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
    >
      {over ? t('common.counterOver', { length, max, over: length - max }) : t('common.counter', { length, max })}
    </FormHelperText>
  );
}
