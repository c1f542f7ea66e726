/**
 * `gameStyle`: a game template's `core` (src/domain/activity/templates.ts) edited key by key,
 * beside a LIVE miniature of the game (GameMiniature) that redraws on every change.
 *
 * The game is the form's `gameType` (`ui:options.gameTypeField`, default 'gameType', read from
 * the form data). Image keys: a thumbnail, an upload button (the shared uploader, through
 * `ui:options.endpoint`, e.g. marketing/activity-template/files) and a remove button; image
 * lists (ring toss dolls 9, guess card icons 8, baseball grids 9, Mary prizes 8): one slot each;
 * colour keys: the browser's colour picker and the '#rrggbb' text, with a reset to the default.
 * Inputs are named by path (`core.wheelColor`), errors of the server (`core.<key>`) show under
 * their inputs. A change of game drops the keys the new game does not have. Registered as an
 * RJSF field.
 */
import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { visuallyHidden } from '@mui/utils';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { gameOf, HEX_COLOR, withDefaults, type StyleKey, type TemplateCore } from '../domain/activity/templates';
import type { FormContext } from '../engine/crud/rjsf';
import { assetUrl } from '../engine/session/assets';
import { useSessionConfig } from '../engine/session/config';
import { GameMiniature } from './GameMiniature';
import { GameLivePreview } from './GameLivePreview';
import { UploadButton } from './UploadWidget';

type Errors = Record<string, { __errors?: string[] } & Record<string, { __errors?: string[] }>>;

/** `core` kept to the game's keys (what a change of game leaves). */
export function coreForGame(gameType: number, core: Record<string, unknown> | undefined): TemplateCore {
  const keys = new Set(gameOf(gameType)?.styleKeys.map((k) => k.key) ?? []);
  const kept = Object.fromEntries(Object.entries(core ?? {}).filter(([k]) => keys.has(k)));
  return withDefaults(gameType, kept);
}

const IMAGE_SCHEMA = { type: 'string', 'x-file': { kind: 'image', maxMB: 2 } };

export function GameStyleField(props: FieldProps) {
  const { t } = useTranslation();
  const { data: config } = useSessionConfig();
  const options = (props.uiSchema?.['ui:options'] ?? {}) as { gameTypeField?: string; endpoint?: string };
  const formData = (props.registry.formContext as Partial<FormContext> | undefined)?.formData as Record<string, unknown> | undefined;
  const gameType = Number(formData?.[options.gameTypeField ?? 'gameType'] ?? 0);
  const game = gameOf(gameType);
  const raw = (props.formData && typeof props.formData === 'object' ? props.formData : {}) as Record<string, unknown>;
  const core = useMemo(() => coreForGame(gameType, raw), [gameType, raw]);
  const path = props.fieldPathId.path;
  const base = props.fieldPathId.name ?? path.join('.');
  const disabled = props.disabled || props.readonly;
  const errors = (props.errorSchema ?? {}) as unknown as Errors;
  const uploadOptions = useMemo(() => ({ kind: 'image', maxMB: 2, ...(options.endpoint ? { endpoint: options.endpoint } : {}) }), [options.endpoint]);

  // A new game: drop the other game's keys from the value.
  const stale = Object.keys(raw).some((k) => !(k in core));
  useEffect(() => {
    if (game && stale && !disabled) props.onChange(coreForGame(gameType, raw), path);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameType, stale]);

  const set = (key: string, value: string | string[] | undefined) => {
    const next: TemplateCore = { ...core };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    props.onChange(next, path);
  };
  const errorOf = (key: string, slot?: number) =>
    slot === undefined ? errors[key]?.__errors?.[0] : (errors[key] as unknown as Record<string, { __errors?: string[] }>)?.[String(slot)]?.__errors?.[0];
  const src = (url: string) => assetUrl(config, url);
  const label = (key: string) => t(`screens.gameTemplate.keys.${key}`, { defaultValue: key });

  if (!game) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="game-style-empty">
        {t('screens.gameTemplate.gameType')}
      </Typography>
    );
  }

  const images = game.styleKeys.filter((k) => k.kind === 'image');
  const lists = game.styleKeys.filter((k) => k.kind === 'images');
  const colors = game.styleKeys.filter((k) => k.kind === 'color');

  const imageSlot = (k: StyleKey, url: string | null, onSet: (url: string | undefined) => void, name: string, testId: string, caption: string, error?: string) => (
    <Box key={name} data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: '48px 1fr', gap: 1, alignItems: 'center', minWidth: 0 }}>
      <Box
        sx={{
          width: 48, height: 48, borderRadius: 1, border: '1px solid', borderColor: error ? 'error.main' : 'divider', overflow: 'hidden', bgcolor: 'grey.50',
          backgroundImage: 'linear-gradient(45deg, #eef0f3 25%, transparent 25%, transparent 75%, #eef0f3 75%), linear-gradient(45deg, #eef0f3 25%, transparent 25%, transparent 75%, #eef0f3 75%)',
          backgroundSize: '10px 10px', backgroundPosition: '0 0, 5px 5px',
        }}
      >
        {url && <Box component="img" src={src(url) ?? url} alt={caption} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={k.key}>
          {caption}
        </Typography>
        {!disabled ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <UploadButton
              schema={IMAGE_SCHEMA}
              options={uploadOptions}
              name={name}
              id={`${props.fieldPathId.$id}-${name.replace(/\W/g, '-')}`}
              label={<>{t(url ? 'upload.replaceImage' : 'upload.chooseImage')}<Box component="span" sx={visuallyHidden}>: {caption}</Box></>}
              variant="text"
              testId={`style-${name}`}
              onUploaded={(u) => onSet(u)}
              sx={{ px: 0.5, minWidth: 0 }}
            />
            {url && (
              <Tooltip title={t('upload.remove', { name: caption })}>
                <IconButton size="small" aria-label={t('upload.remove', { name: caption })} onClick={() => onSet(undefined)}>
                  <CloseRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ) : (
          <Typography variant="caption" color="text.secondary">{url ? '' : t('screens.gameTemplate.builtIn')}</Typography>
        )}
        {error && <FormHelperText error sx={{ m: 0 }}>{error}</FormHelperText>}
      </Box>
    </Box>
  );

  return (
    <Box
      role="group"
      aria-labelledby={`${props.fieldPathId.$id}-label`}
      data-testid="game-style"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 240px' }, gap: 3, alignItems: 'start' }}
    >
      <Box sx={{ minWidth: 0, display: 'grid', gap: 2 }}>
        <FormLabel id={`${props.fieldPathId.$id}-label`} sx={{ fontSize: 13 }}>
          {(props.schema as { title?: string }).title}
        </FormLabel>

        <Box component="section" aria-label={t('screens.gameTemplate.colors')}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('screens.gameTemplate.colors')}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
            {colors.map((k) => {
              const value = typeof core[k.key] === 'string' ? (core[k.key] as string) : k.default!;
              const valid = HEX_COLOR.test(value);
              const error = errorOf(k.key);
              return (
                <Box key={k.key} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }} data-testid={`style-color-${k.key}`}>
                  <Box
                    component="input"
                    type="color"
                    aria-label={label(k.key)}
                    value={valid ? value : k.default}
                    disabled={disabled}
                    onChange={(e) => set(k.key, (e.target as HTMLInputElement).value.toLowerCase())}
                    data-testid={`color-${k.key}`}
                    sx={{ width: 40, height: 40, p: 0.25, border: '1px solid', borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: disabled ? 'default' : 'pointer', flexShrink: 0 }}
                  />
                  <TextField
                    size="small"
                    label={label(k.key)}
                    name={`${base}.${k.key}`}
                    value={value}
                    disabled={disabled}
                    error={!!error}
                    helperText={error}
                    onChange={(e) => set(k.key, e.target.value.trim().toLowerCase())}
                    sx={{ flex: 1, minWidth: 0 }}
                    slotProps={{ htmlInput: { spellCheck: false, 'data-testid': `hex-${k.key}` } }}
                  />
                  {!disabled && value !== k.default && (
                    <Tooltip title={t('screens.gameTemplate.reset')}>
                      <IconButton size="small" aria-label={`${t('screens.gameTemplate.reset')}: ${label(k.key)}`} onClick={() => set(k.key, k.default)} sx={{ mt: 0.5 }}>
                        <RestartAltRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>

        <Box component="section" aria-label={t('screens.gameTemplate.images')}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('screens.gameTemplate.images')}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1.5 }}>
            {images.map((k) => {
              const url = typeof core[k.key] === 'string' && core[k.key] !== '' ? (core[k.key] as string) : null;
              return imageSlot(k, url, (u) => set(k.key, u), `${base}.${k.key}`, `style-image-${k.key}`, label(k.key), errorOf(k.key));
            })}
          </Box>
        </Box>

        {lists.map((k) => {
          const list = Array.isArray(core[k.key]) ? (core[k.key] as string[]) : [];
          return (
            <Box component="section" key={k.key} aria-label={label(k.key)} data-testid={`style-list-${k.key}`}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>{label(k.key)}</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1.5 }}>
                {Array.from({ length: k.count! }, (_, i) => {
                  const url = list[i] ? list[i] : null;
                  const onSet = (u: string | undefined) => set(k.key, Array.from({ length: k.count! }, (_, j) => (j === i ? u ?? '' : list[j] ?? '')));
                  return imageSlot(k, url, onSet, `${base}.${k.key}.${i}`, `style-slot-${k.key}-${i}`, t('screens.gameTemplate.slot', { n: i + 1 }), errorOf(k.key, i));
                })}
              </Box>
              {errorOf(k.key) && <FormHelperText error>{errorOf(k.key)}</FormHelperText>}
            </Box>
          );
        })}
      </Box>

      <Box sx={{ position: { md: 'sticky' }, top: { md: 0 }, display: 'grid', justifyItems: 'center', gap: 1, order: { xs: -1, md: 0 } }} data-testid="game-preview">
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, letterSpacing: 0.3 }}>
          {t('screens.gameTemplate.preview')} · {t(`enums.GameType.${gameType}`)}
        </Typography>
        <GameMiniature
          gameType={gameType}
          core={core}
          src={src}
          title={typeof formData?.name === 'string' && formData.name.trim() ? formData.name.trim() : t(`enums.GameType.${gameType}`)}
          labels={{ prize: (n) => t('screens.gameTemplate.prize', { n }), start: t('screens.gameTemplate.start'), scratch: t('screens.gameTemplate.scratch') }}
        />
        <GameLivePreview gameType={gameType} core={core} src={src} />
      </Box>
    </Box>
  );
}
