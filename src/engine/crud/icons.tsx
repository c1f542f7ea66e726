/**
 * Icons a declaration's row action may name (`"icon": "LockReset"`), and those of the built-in
 * actions. A name not listed falls back to a neutral icon; the schema tests flag it.
 */
import type SvgIcon from '@mui/material/SvgIcon';
import AddRounded from '@mui/icons-material/AddRounded';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockReset from '@mui/icons-material/LockReset';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ACTION_ICON_NAMES } from './iconNames';

type SvgIconComponent = typeof SvgIcon;

export const ACTION_ICONS: Record<(typeof ACTION_ICON_NAMES)[number], SvgIconComponent> = {
  Add: AddRounded,
  Block: BlockOutlined,
  CheckCircle: CheckCircleOutlined,
  ContentCopy: ContentCopyOutlined,
  Delete: DeleteOutline,
  Download: DownloadOutlined,
  Edit: EditOutlined,
  Key: KeyOutlined,
  LockOpen: LockOpenOutlined,
  LockReset,
  PlayArrow: PlayArrowOutlined,
  Refresh: RefreshOutlined,
  Send: SendOutlined,
  Visibility: VisibilityOutlined,
};

export function actionIcon(name: string | undefined): SvgIconComponent {
  return (name && (ACTION_ICONS as Record<string, SvgIconComponent>)[name]) || MoreHoriz;
}
