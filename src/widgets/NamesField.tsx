/**
 * `names`: a multilingual name `{ zh_TW, zh_CN, en }` as one input per language (inputs named
 * `<path>.zh_TW` ...), each with its own error. Registered as an RJSF field (the value is an
 * object); lists show such names with pickName's fallback zh_TW, zh_CN, en. A text is never cut
 * at its maxLength: the counter shows near the limit and the validator refuses a longer one.
 * `ui:options.multiline: true`: each language a text area of its own row (longer texts).
 */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang, type Names } from '../domain/lang';
import { useWidgetEnv } from './env';

export function NamesField(props: FieldProps) {
  const { LengthCounter } = useWidgetEnv();
  const { t } = useTranslation();
  const value = (props.formData && typeof props.formData === 'object' ? props.formData : {}) as Names;
  const schema = props.schema as { title?: string; required?: string[]; properties?: Record<string, { maxLength?: number }> };
  const required = new Set(schema.required ?? []);
  const path = props.fieldPathId.path;
  const base = props.fieldPathId.name ?? path.join('.');
  const errors = (props.errorSchema ?? {}) as Record<string, { __errors?: string[] } | undefined>;
  const multiline = (props.uiSchema?.['ui:options'] as { multiline?: boolean } | undefined)?.multiline === true;
  const set = (lang: Lang, text: string) => {
    const next: Names = { ...value, [lang]: text };
    if (text === '') delete next[lang];
    props.onChange(Object.keys(next).length ? next : undefined, path);
  };
  return (
    <Box role="group" aria-labelledby={`${props.fieldPathId.$id}-label`}>
      <FormLabel id={`${props.fieldPathId.$id}-label`} required={props.required} sx={{ fontSize: 13, display: 'block', mb: 1 }}>
        {schema.title ?? props.name}
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: multiline ? '1fr' : 'repeat(3, minmax(0, 1fr))' } }}>
        {LANGS.map((lang) => {
          const message = errors[lang]?.__errors?.[0];
          return (
            <Box key={lang}>
              <TextField
                id={`${props.fieldPathId.$id}_${lang}`}
                name={`${base}.${lang}`}
                size="small"
                fullWidth
                multiline={multiline}
                minRows={multiline ? 3 : undefined}
                label={t(`lang.${lang}`)}
                required={required.has(lang)}
                disabled={props.disabled || props.readonly}
                value={value[lang] ?? ''}
                error={Boolean(message)}
                onChange={(e) => set(lang, e.target.value)}
              />
              {message && <FormHelperText error data-testid="field-error" data-field={`${base}.${lang}`} sx={{ mx: 1.75 }}>{message}</FormHelperText>}
              <LengthCounter value={value[lang]} max={schema.properties?.[lang]?.maxLength} field={`${base}.${lang}`} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
