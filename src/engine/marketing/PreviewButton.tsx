/**
 * The preview action of a marketing screen (a declaration with `preview`): opens the consumer
 * page /m/{tenantCode}?mode=preview in a new window and posts the form's UNSAVED data to it,
 * mapped by src/domain/marketing/preview.ts (not validated: a draft may be incomplete, the page
 * shows the preview defaults where something is missing). A blocked pop-up is told in the
 * shared modal.
 */
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import PreviewOutlined from '@mui/icons-material/PreviewOutlined';
import { useTranslation } from 'react-i18next';
import { previewMessage, type PreviewContext, type PreviewKind } from '../../domain/marketing/preview';
import { useEngineEnv } from '../env/EngineEnv';
import { useSession } from '../session/store';
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
  const onClick = () => {
    if (!tenantCode) {
      void env.alert(t('screens.preview.noTenant'));
      return;
    }
    const opened = openPreview(tenantCode, previewMessage(kind, data(), context), deps);
    if (!opened) void env.alert(t('screens.preview.blocked'));
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
