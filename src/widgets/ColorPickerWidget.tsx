/**
 * `colorPicker`: one of the 11 layout colours (LayoutColor, SPEC.md 3) as swatches. It is a
 * radio group for assistive technology and the keyboard: Tab enters on the chosen swatch (or
 * the first), the arrow keys move and choose, Home and End jump; each swatch is named by its
 * colour's label ('Red') and its hex code, and the chosen one shows a check mark as well as
 * its ring (never colour alone). The value is the hex code without '#' ('b83a24'). Each
 * swatch is a native radio input named by the field path, so a form test finds it by value.
 */
import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import CheckRounded from '@mui/icons-material/CheckRounded';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { LayoutColor } from '../domain/enums';

export const LAYOUT_COLORS: readonly string[] = Object.values(LayoutColor);

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function contrastOn(hex: string): '#000' | '#fff' {
  const c = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return l > 0.35 ? '#000' : '#fff';
}

export function ColorPickerWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const value = typeof props.value === 'string' ? props.value.replace(/^#/, '').toLowerCase() : '';
  const disabled = props.disabled || props.readonly;
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  const name = props.htmlName ?? props.id;
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const current = LAYOUT_COLORS.indexOf(value);
  const choose = (i: number) => {
    const next = (i + LAYOUT_COLORS.length) % LAYOUT_COLORS.length;
    props.onChange(LAYOUT_COLORS[next]);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: LAYOUT_COLORS.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      choose(moves[e.key]);
    }
  };
  const label = (hex: string) => `${t(`enums.LayoutColor.${hex}`)} #${hex}`;
  return (
    <Box role="radiogroup" aria-labelledby={`${props.id}-label`} aria-required={props.required || undefined} aria-invalid={invalid || undefined} data-testid={`color-picker-${name}`}>
      {!props.hideLabel && (
        <FormLabel id={`${props.id}-label`} required={props.required} error={invalid} sx={{ fontSize: 13, display: 'block', mb: 0.75 }}>
          {props.label}
        </FormLabel>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {LAYOUT_COLORS.map((hex, i) => {
          const checked = hex === value;
          const tabbable = checked || (current < 0 && i === 0);
          return (
            <Box
              key={hex}
              component="label"
              title={label(hex)}
              sx={{
                position: 'relative',
                width: 36,
                height: 36,
                borderRadius: '50%',
                bgcolor: `#${hex}`,
                cursor: disabled ? 'default' : 'pointer',
                opacity: disabled && !checked ? 0.45 : 1,
                display: 'grid',
                placeItems: 'center',
                boxShadow: checked ? (th) => `0 0 0 2px #fff, 0 0 0 4px ${th.palette.text.primary}` : 'inset 0 0 0 1px rgba(0,0,0,0.15)',
                '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 3 },
              }}
            >
              <input
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="radio"
                name={name}
                value={hex}
                checked={checked}
                disabled={disabled}
                tabIndex={tabbable ? 0 : -1}
                aria-label={label(hex)}
                onChange={() => props.onChange(hex)}
                onKeyDown={(e) => onKeyDown(e, i)}
                onFocus={() => props.onFocus(props.id, props.value)}
                onBlur={() => props.onBlur(props.id, props.value)}
                style={{ position: 'absolute', inset: 0, opacity: 0, margin: 0, cursor: 'inherit' }}
              />
              {checked && <CheckRounded fontSize="small" sx={{ color: contrastOn(hex), pointerEvents: 'none' }} aria-hidden />}
            </Box>
          );
        })}
      </Box>
      {value && (
        <FormHelperText sx={{ mt: 0.5 }} data-testid="color-picker-chosen">
          {label(value)}
        </FormHelperText>
      )}
    </Box>
  );
}
