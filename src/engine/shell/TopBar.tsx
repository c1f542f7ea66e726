/**
 * Top bar: burger (small screens), logo to /home, tenant, the screen playground (operator
 * Admins), language, the user's name, logout.
 */
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import { visuallyHidden } from '../theme/visuallyHidden';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import DataObjectRounded from '@mui/icons-material/DataObjectRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TenantConfig } from '../../domain/api';
import { pickName } from '../../domain/lang';
import { useLang } from '../i18n/useLang';
import { shownName } from '../../domain/seedNames';
import { TOPBAR_HEIGHT } from '../theme/theme';
import { LangMenu } from './LangMenu';
import { Logo } from './Logo';
import { PLAYGROUND_PATH } from '../playground/access';

export interface TopBarProps {
  config: TenantConfig | undefined;
  userName: string;
  onBurger: () => void;
  onProfile: () => void;
  onLogout: () => void;
  /** Shows the link to the screen playground. */
  playground?: boolean;
}

export function TopBar({ config, userName: storedName, onBurger, onProfile, onLogout, playground = false }: TopBarProps) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const userName = shownName(storedName, lang);
  const tenantName = pickName(config?.tenant?.names, lang);
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      data-testid="topbar"
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1, bgcolor: '#fff', borderBottom: '1px solid', borderColor: 'divider' })}
    >
      <Toolbar sx={{ minHeight: `${TOPBAR_HEIGHT}px !important`, px: { xs: 1, sm: 2.5 }, gap: { xs: 0.5, sm: 1.5 } }}>
        <IconButton
          edge="start"
          aria-label={t('shell.toggleMenu')}
          onClick={onBurger}
          data-testid="burger"
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuRounded />
        </IconButton>
        <Logo config={config} to="/home" />
        {tenantName && (
          <>
            <Divider orientation="vertical" flexItem sx={{ mx: 1, my: 2, display: { xs: 'none', md: 'block' } }} />
            <Chip
              label={tenantName}
              size="small"
              variant="outlined"
              data-testid="tenant-name"
              sx={{ display: { xs: 'none', md: 'inline-flex' }, borderColor: 'divider', color: 'text.secondary', fontWeight: 500 }}
            />
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {playground && (
          <Tooltip title={t('playground.open')}>
            <IconButton component={RouterLink} to={PLAYGROUND_PATH} aria-label={t('playground.open')} data-testid="playground-link" sx={{ color: 'text.secondary' }}>
              <DataObjectRounded />
            </IconButton>
          </Tooltip>
        )}
        <LangMenu />
        <Button
          color="inherit"
          onClick={onProfile}
          data-testid="user-name"
          sx={{ minWidth: 0, px: { xs: 0.5, sm: 1 }, gap: 1, color: 'text.primary', fontWeight: 600 }}
        >
          <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 15, bgcolor: 'primary.main' }}>{userName.slice(0, 1).toUpperCase()}</Avatar>
          {/* The name is the button's visible text (read on a phone too), then what it opens. */}
          <Box component="span" sx={(theme) => ({ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', [theme.breakpoints.down('sm')]: visuallyHidden })}>
            {userName}
          </Box>
          <Box component="span" sx={visuallyHidden}>{t('shell.profileOf', { name: '' })}</Box>
        </Button>
        <Tooltip title={t('logout.title')}>
          <IconButton onClick={onLogout} aria-label={t('logout.title')} data-testid="logout" sx={{ color: 'text.secondary' }}>
            <LogoutRounded />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
