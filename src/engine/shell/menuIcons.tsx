/** An icon per top-level menu group. */
import type { ReactElement } from 'react';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

const ICONS: Record<number, ReactElement> = {
  1: <SettingsOutlined />,
  2: <Inventory2Outlined />,
  3: <LinkOutlined />,
  4: <QrCode2Outlined />,
  5: <LocalShippingOutlined />,
  6: <CampaignOutlined />,
  7: <CardMembershipOutlined />,
  48: <CelebrationOutlined />,
  8: <AssessmentOutlined />,
};

export function menuIcon(id: number): ReactElement {
  return ICONS[id] ?? <FolderOutlined />;
}
