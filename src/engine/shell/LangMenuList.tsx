/** The choices of LangMenu: its own chunk, loaded on the first click. */
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../domain/lang';

export interface LangMenuListProps {
  anchor: HTMLElement | null;
  lang: Lang;
  onClose: () => void;
  onPick: (lang: Lang) => void;
}

export default function LangMenuList({ anchor, lang, onClose, onPick }: LangMenuListProps) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {LANGS.map((l) => (
        <MenuItem
          key={l}
          selected={l === lang}
          data-testid={`lang-${l}`}
          onClick={() => {
            onClose();
            onPick(l);
          }}
        >
          <ListItemIcon>{l === lang ? <CheckRounded fontSize="small" color="primary" /> : null}</ListItemIcon>
          <ListItemText>{t(`lang.${l}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
