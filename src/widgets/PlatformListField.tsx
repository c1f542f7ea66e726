/**
 * `platformList`: the contact info's platforms (MarketingPlatform: Line, WeChat, Facebook,
 * Instagram, Email, Custom, CustomImage) in priority order, as an ordered list: add (each type
 * once; the list's `maxItems`), remove, and move up and down by buttons named for the
 * platform ('Move LINE up'). Priorities are the positions, 1 first, rewritten on every change,
 * so what the user sees is what shoppers see. A CustomImage platform's icon is an uploaded
 * image (the item schema's `iconImage` rule); its link is what a tap opens. Inputs are named
 * by path (`platforms.0.url`), errors show under their inputs. Registered as an RJSF field.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { MarketingPlatform } from '../domain/enums';
import { UploadButton } from './UploadWidget';
import { useWidgetEnv } from './env';

export interface PlatformItem {
  type?: number;
  url?: string;
  priority?: number;
  iconImage?: string;
}

const TYPES: readonly number[] = Object.values(MarketingPlatform);

/** The list with priorities 1..n in list order. */
export function withPriorities(list: readonly PlatformItem[]): PlatformItem[] {
  return list.map((p, i) => ({ ...p, priority: i + 1 }));
}

/** The list with item `from` moved to `to` (bounded), priorities rewritten. */
export function movePlatform(list: readonly PlatformItem[], from: number, to: number): PlatformItem[] {
  if (to < 0 || to >= list.length || from === to) return withPriorities(list);
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return withPriorities(next);
}

/** The first type not used yet (each platform once), else undefined. */
export function nextFreeType(list: readonly PlatformItem[]): number | undefined {
  return TYPES.find((t) => !list.some((p) => p.type === t));
}

type Errors = Record<string, { __errors?: string[] } & Record<string, { __errors?: string[] }>>;

export function PlatformListField(props: FieldProps) {
  const { t } = useTranslation();
  const env = useWidgetEnv();
  const { data: config } = env.useTenantConfig();
  const list: PlatformItem[] = Array.isArray(props.formData) ? (props.formData as PlatformItem[]) : [];
  const schema = props.schema as { title?: string; maxItems?: number; items?: { properties?: Record<string, Record<string, unknown>> } };
  const max = schema.maxItems ?? TYPES.length;
  const iconSchema = schema.items?.properties?.iconImage ?? {};
  const path = props.fieldPathId.path;
  const base = props.fieldPathId.name ?? path.join('.');
  const disabled = props.disabled || props.readonly;
  const errors = (props.errorSchema ?? {}) as unknown as Errors;
  const listErrors = errors.__errors as unknown as string[] | undefined;
  const set = (next: PlatformItem[]) => props.onChange(next.length ? withPriorities(next) : [], path);
  const update = (i: number, patch: PlatformItem) => set(list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const typeName = (type: number | undefined) => (type ? String(t(`enums.MarketingPlatform.${type}`)) : '');
  const errorOf = (i: number, key: string) => errors[String(i)]?.[key]?.__errors?.[0];

  return (
    <Box role="group" aria-labelledby={`${props.fieldPathId.$id}-label`} data-testid="platform-list">
      <FormLabel id={`${props.fieldPathId.$id}-label`} sx={{ fontSize: 13, display: 'block', mb: 1 }}>
        {schema.title}
      </FormLabel>
      {list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('screens.platformList.empty')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {list.map((p, i) => {
          const name = typeName(p.type) || String(i + 1);
          const icon = p.iconImage ? env.assetUrl(config, p.iconImage) : null;
          return (
            <Box
              component="li"
              key={i}
              data-testid={`platform-${i}`}
              aria-label={t('screens.platformList.position', { n: i + 1 })}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '28px 170px 1fr auto' }, gap: 1, alignItems: 'start', p: 1.25, border: '1px solid', borderColor: 'divider', borderRadius: 1.5 }}
            >
              <Typography sx={{ fontWeight: 700, color: 'text.secondary', pt: { sm: 1 } }} aria-hidden>
                {i + 1}
              </Typography>
              <TextField
                select
                size="small"
                label={t('screens.mkContact.platformType')}
                name={`${base}.${i}.type`}
                value={p.type ?? ''}
                disabled={disabled}
                required
                error={!!errorOf(i, 'type')}
                helperText={errorOf(i, 'type')}
                onChange={(e) => update(i, { type: Number(e.target.value), ...(Number(e.target.value) !== MarketingPlatform.CustomImage ? { iconImage: undefined } : {}) })}
              >
                {TYPES.map((type) => (
                  <MenuItem key={type} value={type} disabled={type !== p.type && list.some((q) => q.type === type)}>
                    {typeName(type)}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ display: 'grid', gap: 1 }}>
                <TextField
                  size="small"
                  label={t('screens.mkContact.platformUrl')}
                  name={`${base}.${i}.url`}
                  value={p.url ?? ''}
                  disabled={disabled}
                  required
                  error={!!errorOf(i, 'url')}
                  helperText={errorOf(i, 'url')}
                  onChange={(e) => update(i, { url: e.target.value === '' ? undefined : e.target.value })}
                />
                {p.type === MarketingPlatform.CustomImage && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                    {icon && <Box component="img" src={icon} alt={t('screens.mkContact.iconImage')} sx={{ width: 40, height: 40, objectFit: 'contain', border: '1px solid', borderColor: 'divider', borderRadius: 1 }} />}
                    <UploadButton
                      schema={iconSchema}
                      name={`${base}.${i}.iconImage`}
                      id={`${props.fieldPathId.$id}-${i}-icon`}
                      label={t('screens.mkContact.iconImage')}
                      disabled={disabled}
                      testId={`platform-${i}-icon`}
                      onUploaded={(url) => update(i, { iconImage: url })}
                    />
                    <FormHelperText error={!!errorOf(i, 'iconImage')} sx={{ m: 0 }}>
                      {errorOf(i, 'iconImage') ?? t('screens.platformList.imageUrl')}
                    </FormHelperText>
                  </Box>
                )}
              </Box>
              {!disabled && (
                <Box sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-end' }}>
                  <Tooltip title={t('screens.platformList.up', { name })}>
                    <span>
                      <IconButton size="small" aria-label={t('screens.platformList.up', { name })} disabled={i === 0} onClick={() => set(movePlatform(list, i, i - 1))}>
                        <ArrowUpwardRounded fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('screens.platformList.down', { name })}>
                    <span>
                      <IconButton size="small" aria-label={t('screens.platformList.down', { name })} disabled={i === list.length - 1} onClick={() => set(movePlatform(list, i, i + 1))}>
                        <ArrowDownwardRounded fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('screens.platformList.remove', { name })}>
                    <IconButton size="small" aria-label={t('screens.platformList.remove', { name })} onClick={() => set(list.filter((_, j) => j !== i))}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      {listErrors?.[0] && <FormHelperText error>{listErrors[0]}</FormHelperText>}
      {!disabled && (
        <Button
          size="small"
          startIcon={<AddRounded />}
          sx={{ mt: 1 }}
          disabled={list.length >= max || nextFreeType(list) === undefined}
          onClick={() => set([...list, { type: nextFreeType(list) }])}
          data-testid="platform-add"
        >
          {t('screens.platformList.add')}
        </Button>
      )}
    </Box>
  );
}
