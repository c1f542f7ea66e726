/**
 * `upload`: files or images stored through POST /v1/Files. The value is the stored file's
 * address (`/files/<key>`), or a list of addresses when the schema is an array or
 * `ui:options.multiple` is set.
 *
 * ui:options (over the schema's `x-file` rule): kind 'file' | 'image', maxMB, width and height
 * (exact pixels), maxCount, ext (list or comma text), multiple, endpoint (another upload call
 * than POST /v1/Files with the same multipart field, answering files or bare urls). Defaults as SPEC.md and the
 * server: .pdf for files; .jpg/.jpeg/.png, 2 MB and at most 10 for images.
 *
 * Files are picked with the button or dropped on it (Enter or Space opens the picker), checked
 * in the browser with the same shared rule as the server (type, size in MB, pixel size read
 * with createImageBitmap), then uploaded with a progress bar. A failed check, or an upload
 * code the server answers (101, 102, 103, 104, 201, 202), shows the upload-failed dialog in
 * the shared modal; other failures go to the usual Fail modal. The hidden file input is
 * named by the field path. An image preview keeps the required proportions.
 *
 * The picking, checking and uploading is `useUploader`, also behind `UploadButton`: one
 * compact button for places outside a form (a table cell of the help documents).
 */
import { useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { nameOfUrl, typesLabel, uploadRule, type UploadedFile } from './upload/rule';
import { previewSize, useUploader } from './upload/useUploader';
import { useWidgetEnv } from './env';

export { previewSize, useUploader, type Uploader } from './upload/useUploader';

function urlsOf(value: unknown, multiple: boolean): string[] {
  if (multiple) return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  return typeof value === 'string' && value !== '' ? [value] : [];
}

export function UploadWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const env = useWidgetEnv();
  const { data: config } = env.useTenantConfig();
  const rule = useMemo(
    () => uploadRule(props.schema as Record<string, unknown>, props.options as Record<string, unknown>),
    [props.schema, props.options],
  );
  const name = props.htmlName ?? props.id;
  const hintId = `${props.id}-hint`;
  const labelId = `${props.id}-label`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  /** Original names of files uploaded here (a loaded value only has its address). */
  const [names, setNames] = useState<Record<string, string>>({});
  const urls = urlsOf(props.value, rule.multiple);
  // The value as of now, for the end of an upload that started several renders ago.
  const latest = useRef(urls);
  latest.current = urls;
  const dropId = useId();

  const room = rule.maxCount === undefined ? undefined : Math.max(rule.maxCount - (rule.multiple ? urls.length : 0), 0);
  const uploader = useUploader(
    rule,
    (list) => {
      setNames((n) => ({ ...n, ...Object.fromEntries(list.map((f) => [f.url, f.name])) }));
      const added = list.map((f) => f.url);
      if (rule.multiple) props.onChange([...latest.current, ...added]);
      else props.onChange(added[0]);
    },
    room,
  );
  const busy = uploader.busy;
  const locked = props.disabled || props.readonly;
  const full = rule.multiple && room === 0;
  const canPick = !locked && !busy && !full;
  const invalid = (props.rawErrors?.length ?? 0) > 0;

  const take = async (list: FileList | File[] | null) => {
    if (canPick) await uploader.take(list);
  };

  const remove = (url: string) => {
    if (rule.multiple) props.onChange(latest.current.filter((u) => u !== url));
    else props.onChange(props.options.emptyValue);
  };

  const open = () => {
    if (canPick) inputRef.current?.click();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = canPick ? 'copy' : 'none';
    if (canPick) setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files);
  };

  const hint = [
    t('upload.hintTypes', { types: typesLabel(rule.ext) }),
    rule.maxMB !== undefined ? t('upload.hintMaxMB', { max: rule.maxMB }) : null,
    rule.width !== undefined && rule.height !== undefined ? t('upload.hintPixels', { width: rule.width, height: rule.height }) : null,
    rule.multiple && rule.maxCount !== undefined ? t('upload.hintCount', { count: rule.maxCount }) : null,
  ].filter(Boolean).join(' · ');

  const label = (url: string) => names[url] ?? nameOfUrl(url);
  const href = (url: string) => env.assetUrl(config, url) ?? url;

  return (
    <Box data-testid={`upload-${name}`} role="group" aria-labelledby={props.hideLabel ? undefined : labelId}>
      {!props.hideLabel && (
        <FormLabel id={labelId} required={props.required} error={invalid} sx={{ fontSize: 13, display: 'block', mb: 0.5 }}>
          {props.label}
        </FormLabel>
      )}
      <input
        ref={inputRef}
        type="file"
        id={props.id}
        name={name}
        hidden
        accept={rule.ext.join(',')}
        multiple={rule.multiple}
        disabled={!canPick}
        data-testid={`upload-input-${name}`}
        onChange={(e) => {
          const list = Array.from(e.target.files ?? []);
          // Picking the same file again must fire change again.
          e.target.value = '';
          void take(list);
        }}
      />

      {urls.length > 0 && (
        <Box
          component="ul"
          data-testid="upload-items"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, display: 'flex', flexWrap: 'wrap', gap: 1, flexDirection: rule.kind === 'image' ? 'row' : 'column' }}
        >
          {urls.map((url) => (
            <Box
              component="li"
              key={url}
              data-testid="upload-item"
              sx={
                rule.kind === 'image'
                  ? { position: 'relative', ...previewSize(rule), boxSizing: 'content-box', p: 0.5, borderRadius: 1.5, border: '1px solid', borderColor: 'divider', bgcolor: 'grey.50', backgroundImage: 'linear-gradient(45deg, #eef0f3 25%, transparent 25%, transparent 75%, #eef0f3 75%), linear-gradient(45deg, #eef0f3 25%, transparent 25%, transparent 75%, #eef0f3 75%)', backgroundSize: '12px 12px', backgroundPosition: '0 0, 6px 6px', overflow: 'hidden' }
                  : { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }
              }
            >
              {rule.kind === 'image' ? (
                <Link href={href(url)} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', width: '100%', height: '100%' }}>
                  <Box component="img" src={href(url)} alt={label(url)} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
                </Link>
              ) : (
                <>
                  <InsertDriveFileOutlined fontSize="small" color="action" />
                  <Link href={href(url)} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {label(url)}
                  </Link>
                </>
              )}
              {!locked && (
                <IconButton
                  size="small"
                  aria-label={t('upload.remove', { name: label(url) })}
                  onClick={() => remove(url)}
                  disabled={busy}
                  sx={
                    rule.kind === 'image'
                      ? { position: 'absolute', top: 2, right: 2, p: 0.25, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }
                      : { p: 0.25 }
                  }
                >
                  <CloseRounded fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}

      {!locked && (
        <Box
          id={dropId}
          role="button"
          tabIndex={canPick ? 0 : -1}
          aria-disabled={!canPick}
          aria-describedby={hintId}
          data-testid="upload-drop"
          onClick={open}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onBlur={() => props.onBlur(props.id, props.value)}
          onFocus={() => props.onFocus(props.id, props.value)}
          sx={{
            display: 'flex', alignItems: 'center', gap: 1.25, px: 2, py: 1.5,
            border: '1px dashed', borderRadius: 2,
            borderColor: invalid ? 'error.main' : dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'rgba(184,58,36,0.04)' : 'background.paper',
            color: canPick ? 'text.primary' : 'text.disabled',
            cursor: canPick ? 'pointer' : 'default',
            outline: 'none',
            transition: 'border-color 120ms, background-color 120ms',
            '&:hover': canPick ? { borderColor: 'primary.main' } : undefined,
            '&:focus-visible': { borderColor: 'primary.main', boxShadow: '0 0 0 3px rgba(184,58,36,0.18)' },
          }}
        >
          <CloudUploadOutlined color={canPick ? 'primary' : 'disabled'} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {!rule.multiple && urls.length > 0
                ? t(rule.kind === 'image' ? 'upload.replaceImage' : 'upload.replace')
                : t(rule.kind === 'image' ? 'upload.chooseImage' : 'upload.choose')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {full ? t('upload.full') : t('upload.drop')}
            </Typography>
          </Box>
        </Box>
      )}

      {busy && (
        <Box sx={{ mt: 1 }} data-testid="upload-progress">
          <LinearProgress aria-label={t('upload.uploading')} />
          <Typography variant="caption" color="text.secondary">{t('upload.uploading')}</Typography>
        </Box>
      )}

      <Typography id={hintId} variant="caption" color="text.secondary" data-testid="upload-hint" sx={{ display: 'block', mt: 0.5 }}>
        {hint}
      </Typography>
    </Box>
  );
}

export interface UploadButtonProps {
  /** The field's schema (its `x-file` rule) and ui:options, as for the widget. */
  schema: Record<string, unknown>;
  options?: Record<string, unknown>;
  /** The file input's name (the field path) and id. */
  name: string;
  id: string;
  label: ReactNode;
  disabled?: boolean;
  /** The stored file's address (the first one when several). */
  onUploaded: (url: string, file: UploadedFile) => void;
  testId?: string;
  /** The button's look (default outlined, brand colour). */
  variant?: 'outlined' | 'text';
  sx?: SxProps<Theme>;
}

/** One compact upload button with the widget's rule, checks, upload and failure dialogs. */
export function UploadButton({ schema, options = {}, name, id, label, disabled, onUploaded, testId, variant = 'outlined', sx }: UploadButtonProps) {
  const { t } = useTranslation();
  const rule = useMemo(() => uploadRule(schema, options), [schema, options]);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploader = useUploader(rule, (list) => onUploaded(list[0].url, list[0]));
  const hint = [
    t('upload.hintTypes', { types: typesLabel(rule.ext) }),
    rule.maxMB !== undefined ? t('upload.hintMaxMB', { max: rule.maxMB }) : null,
  ].filter(Boolean).join(' · ');
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        id={id}
        name={name}
        hidden
        accept={rule.ext.join(',')}
        disabled={disabled || uploader.busy}
        data-testid={testId ? `${testId}-input` : `upload-input-${name}`}
        onChange={(e) => {
          const list = Array.from(e.target.files ?? []);
          e.target.value = '';
          void uploader.take(list);
        }}
      />
      <Button
        size="small"
        variant={variant}
        title={hint}
        disabled={disabled || uploader.busy}
        onClick={() => inputRef.current?.click()}
        startIcon={uploader.busy ? <CircularProgress size={14} aria-label={t('upload.uploading')} /> : <FileUploadOutlined />}
        data-testid={testId}
        sx={[{ whiteSpace: 'nowrap', flexShrink: 0 }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
      >
        {uploader.busy ? t('upload.uploading') : label}
      </Button>
    </>
  );
}
