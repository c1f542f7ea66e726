/**
 * `dayEntries`: the check-in activity's picture-and-text entries, one per required day
 * (src/domain/activity/checkIn.ts). The number of rows follows the form's
 * `ui:options.countField` (default 'requiredDays', 1..60): raising it adds empty days,
 * lowering it drops the last ones, so the list always has one entry per day; the shared
 * validator still checks each picture and text (and the count, on the server too). Each day:
 * its number, the picture (the shared uploader, a thumbnail, remove) and the text. Inputs are
 * named by path (`entries.2.text`), errors show under their inputs. Registered as an RJSF field.
 */
import { useEffect } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { visuallyHidden } from '@mui/utils';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_MAX_DAYS, type CheckInEntry } from '../domain/activity/checkIn';
import { UploadButton } from './UploadWidget';
import { useWidgetEnv, type WidgetFormContext } from './env';

type Errors = Record<string, { __errors?: string[] } & Record<string, { __errors?: string[] }>>;

/** The entries resized to `count` days (kept in order, new days empty). */
export function resizeEntries(list: readonly Partial<CheckInEntry>[], count: number): Partial<CheckInEntry>[] {
  return Array.from({ length: count }, (_, i) => list[i] ?? { image: '', text: '' });
}

export function DayEntriesField(props: FieldProps) {
  const { t } = useTranslation();
  const env = useWidgetEnv();
  const { data: config } = env.useTenantConfig();
  const options = (props.uiSchema?.['ui:options'] ?? {}) as { countField?: string };
  const formData = (props.registry.formContext as WidgetFormContext | undefined)?.formData as Record<string, unknown> | undefined;
  const raw = Number(formData?.[options.countField ?? 'requiredDays']);
  const count = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, CHECK_IN_MAX_DAYS) : 0;
  const list: Partial<CheckInEntry>[] = Array.isArray(props.formData) ? (props.formData as Partial<CheckInEntry>[]) : [];
  const path = props.fieldPathId.path;
  const base = props.fieldPathId.name ?? path.join('.');
  const disabled = props.disabled || props.readonly;
  const errors = (props.errorSchema ?? {}) as unknown as Errors;
  const listError = (errors.__errors as unknown as string[] | undefined)?.[0];
  const itemSchema = ((props.schema as { items?: { properties?: Record<string, Record<string, unknown>> } }).items?.properties ?? {});
  const errorOf = (i: number, key: string) => errors[String(i)]?.[key]?.__errors?.[0];

  // One entry per day: follow the number of days (not in view mode, not while it is empty).
  useEffect(() => {
    if (disabled || count === 0 || list.length === count) return;
    props.onChange(resizeEntries(list, count), path);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, disabled]);

  const update = (i: number, patch: Partial<CheckInEntry>) =>
    props.onChange(list.map((e, j) => (j === i ? { ...e, ...patch } : e)), path);

  return (
    <Box role="group" aria-labelledby={`${props.fieldPathId.$id}-label`} data-testid="day-entries">
      <FormLabel id={`${props.fieldPathId.$id}-label`} required={props.required} error={!!listError} sx={{ fontSize: 13, display: 'block', mb: 1 }}>
        {(props.schema as { title?: string }).title}
      </FormLabel>
      {list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="day-entries-empty">
          {t('screens.checkIn.entriesFirst')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {list.map((entry, i) => {
          const day = t('screens.checkIn.day', { n: i + 1 });
          const image = entry.image ? env.assetUrl(config, entry.image) : null;
          const imageError = errorOf(i, 'image');
          return (
            <Box
              component="li"
              key={i}
              data-testid={`day-entry-${i}`}
              sx={{ display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', gap: 1.25, p: 1.25, border: '1px solid', borderColor: imageError || errorOf(i, 'text') ? 'error.light' : 'divider', borderRadius: 1.5, bgcolor: 'background.paper' }}
            >
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'center', alignContent: 'start' }}>
                <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.main' }}>{day}</Typography>
                <Box
                  sx={{
                    width: 56, height: 56, borderRadius: 1, border: '1px solid', borderColor: imageError ? 'error.main' : 'divider', overflow: 'hidden',
                    display: 'grid', placeItems: 'center', bgcolor: 'grey.50', color: 'text.disabled', position: 'relative',
                  }}
                >
                  {image ? <Box component="img" src={image} alt={day} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <ImageOutlined fontSize="small" />}
                  {image && !disabled && (
                    <IconButton
                      size="small"
                      aria-label={t('upload.remove', { name: day })}
                      onClick={() => update(i, { image: '' })}
                      sx={{ position: 'absolute', top: 0, right: 0, p: 0.1, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                    >
                      <CloseRounded sx={{ fontSize: 14 }} />
                    </IconButton>
                  )}
                </Box>
              </Box>
              <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
                {!disabled && (
                  <Box>
                    <UploadButton
                      schema={itemSchema.image ?? { 'x-file': { kind: 'image', maxMB: 2 } }}
                      options={{ kind: 'image', maxMB: 2 }}
                      name={`${base}.${i}.image`}
                      id={`${props.fieldPathId.$id}-${i}-image`}
                      label={<>{t(image ? 'upload.replaceImage' : 'upload.chooseImage')}<Box component="span" sx={visuallyHidden}>: {day}</Box></>}
                      variant="text"
                      testId={`day-entry-${i}-image`}
                      onUploaded={(url) => update(i, { image: url })}
                      sx={{ px: 0.5 }}
                    />
                    {imageError && <FormHelperText error sx={{ m: 0 }}>{imageError}</FormHelperText>}
                  </Box>
                )}
                <TextField
                  size="small"
                  multiline
                  minRows={1}
                  maxRows={3}
                  label={t('screens.checkIn.entryText')}
                  name={`${base}.${i}.text`}
                  value={entry.text ?? ''}
                  disabled={disabled}
                  required
                  error={!!errorOf(i, 'text')}
                  helperText={errorOf(i, 'text')}
                  onChange={(e) => update(i, { text: e.target.value })}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
    </Box>
  );
}
