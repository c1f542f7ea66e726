/**
 * The preview action of a marketing screen (a declaration with `preview`): opens the consumer
 * page /m/{tenantCode}?mode=preview in a new window and posts the form's UNSAVED data to it,
 * mapped by src/domain/marketing/preview.ts (not validated: a draft may be incomplete, the page
 * shows the preview defaults where something is missing). A blocked pop-up is told in the
 * shared modal. As SPEC 7 says, it also gets the brand products list and the first brand
 * product's detail (GET marketing/product/brand, then .../{id}): the posts that follow carry
 * that product as the scanned code's answer. Those reads are quiet: without them (no product,
 * no access) the preview shows its defaults.
 */
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import PreviewOutlined from '@mui/icons-material/PreviewOutlined';
import { useTranslation } from 'react-i18next';
import { previewMessage, withSampleProduct, type PreviewContext, type PreviewKind } from '../domain/marketing/preview';
import { useCallApi } from '../engine/crud/apiCall';
import { useEngineEnv } from '../engine/env/EngineEnv';
import { useSession } from '../engine/session/store';
import { openPreview, type PreviewDeps } from './previewPoster';

export interface PreviewButtonProps {
  kind: PreviewKind;
  /** The form's current (unsaved) data, read when the button is pressed. */
  data: () => Record<string, unknown>;
  context?: PreviewContext;
  /** Tests: the window, origin and clock. */
  deps?: PreviewDeps;
  disabled?: boolean;
}

export function PreviewButton({ kind, data, context, deps, disabled }: PreviewButtonProps) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  const session = useSession();
  const tenantCode = session?.user.tenantCode;
  const call = useCallApi();
  const onClick = () => {
    if (!tenantCode) {
      void env.alert(t('screens.preview.noTenant'));
      return;
    }
    let message = previewMessage(kind, data(), context);
    const opened = openPreview(tenantCode, () => message, deps);
    if (!opened) {
      void env.alert(t('screens.preview.blocked'));
      return;
    }
    const quiet = { silent: true, noMask: true };
    call<{ items?: { id: number }[] }>('GET marketing/product/brand', {}, { ...quiet, query: { page: 1, pageSize: 1 } })
      .then((list) => {
        const first = Array.isArray(list?.items) ? list.items[0] : undefined;
        return first ? call<Record<string, unknown>>('GET marketing/product/brand/{id}', { id: first.id }, quiet) : null;
      })
      .then((product) => { message = withSampleProduct(message, product); })
      .catch(() => {});
  };
  return (
    <Tooltip title={t('screens.preview.hint')}>
      <span>
        <Button variant="outlined" startIcon={<PreviewOutlined />} onClick={onClick} disabled={disabled} data-testid="preview-action">
          {t('screens.preview.action')}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The registered `formAction` part `preview` (src/app/parts.ts). */
export default PreviewButton;
