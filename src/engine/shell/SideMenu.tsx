/**
 * The side menu (GET system/menu/nested): one group open at a time, following the current
 * route; names in the current language; the active entry highlighted. When the menu holds
 * the export download (42), the pending export amount is polled every 30 s without mask or
 * Fail modal: the report group then shows a dot and the download entry the count.
 */
import { Fragment, useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { prefetchFirstPage } from '../crud/prefetchList';
import { useTranslation } from 'react-i18next';
import { pickName } from '../../domain/lang';
import { menuTrail } from '../../domain/menu';
import { EXPORT_AMOUNT_PATH, EXPORT_AMOUNT_POLL_MS } from '../../domain/limits';
import { useApi } from '../api/swr';
import { useLang } from '../i18n/useLang';
import { useUserMenu } from '../session/menu';
import { menuIcon } from './menuIcons';

export const EXPORT_DOWNLOAD_MENU_ID = 42;
export const REPORT_MENU_ID = 8;
/** SPEC 7: the side menu asks for the export report amount with argument 500 (`max`, the most it counts). */
export const EXPORT_AMOUNT_KEY = [EXPORT_AMOUNT_PATH, { silent: true, noMask: true }] as const;

const itemSx = {
  borderRadius: 2,
  mx: 1.25,
  my: 0.25,
  minHeight: 44,
  color: 'rgba(255,255,255,0.74)',
  '& .MuiListItemIcon-root': { color: 'rgba(255,255,255,0.6)', minWidth: 38 },
  '&:hover': { bgcolor: 'rgba(255,255,255,0.06)', color: '#fff' },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: 'primary.main',
    color: '#fff',
    '& .MuiListItemIcon-root': { color: '#fff' },
  },
} as const;

export function useExportAmount(enabled: boolean): number {
  const { data } = useApi<{ amount: number }>(enabled ? EXPORT_AMOUNT_KEY : null, { refreshInterval: EXPORT_AMOUNT_POLL_MS });
  return typeof data?.amount === 'number' ? data.amount : 0;
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { pathname } = useLocation();
  const { menu } = useUserMenu();
  const currentGroupId = menu ? menuTrail(pathname, menu)[0]?.id : undefined;
  const [openId, setOpenId] = useState<number | null>(currentGroupId ?? null);

  // Follow the route: the group of the current path opens (and only it).
  useEffect(() => {
    if (currentGroupId !== undefined) setOpenId(currentGroupId);
  }, [currentGroupId, pathname]);

  const hasDownload = !!menu?.some((g) => g.children.some((c) => c.id === EXPORT_DOWNLOAD_MENU_ID));
  const amount = useExportAmount(hasDownload);

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: 'transparent' }}>
      <List component="nav" aria-label={t('shell.sideMenu')} data-testid="side-menu" sx={{ py: 1.5, flexGrow: 1, overflowY: 'auto' }}>
        <ListItemButton component={RouterLink} to="/home" selected={pathname === '/home'} onClick={onNavigate} sx={itemSx} data-menu-path="/home">
          <ListItemIcon>
            <SpaceDashboardOutlined />
          </ListItemIcon>
          <ListItemText primary={t('shell.home')} slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14.5 } } }} />
        </ListItemButton>
        {!menu &&
          [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={36} sx={{ mx: 2, my: 1, bgcolor: 'rgba(255,255,255,0.08)' }} />)}
        {menu?.map((group) => {
          const open = openId === group.id;
          const groupActive = currentGroupId === group.id;
          const dot = group.id === REPORT_MENU_ID && amount > 0;
          return (
            <Fragment key={group.id}>
              <ListItemButton
                onClick={() => setOpenId(open ? null : group.id)}
                aria-expanded={open}
                data-menu-id={group.id}
                data-menu-path={group.path}
                sx={{ ...itemSx, ...(groupActive ? { color: '#fff', '& .MuiListItemIcon-root': { color: '#fff' } } : {}) }}
              >
                <ListItemIcon>
                  <Badge variant="dot" color="warning" invisible={!dot} data-testid={group.id === REPORT_MENU_ID ? 'report-dot' : undefined}>
                    {menuIcon(group.id)}
                  </Badge>
                </ListItemIcon>
                <ListItemText primary={pickName(group.names, lang)} slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14.5 } } }} />
                <ExpandMoreRounded sx={{ fontSize: 20, opacity: 0.7, transition: 'transform .2s', transform: open ? 'rotate(180deg)' : 'none' }} />
              </ListItemButton>
              <Collapse in={open} timeout="auto">
                <List disablePadding component="div">
                  {group.children.map((child) => {
                    const active = pathname === child.path || pathname.startsWith(`${child.path}/`);
                    return (
                      <ListItemButton
                        key={child.id}
                        component={RouterLink}
                        to={child.path}
                        selected={active}
                        onClick={() => {
                          // The list's first page starts loading with the click (crud/prefetchList).
                          if (!active) prefetchFirstPage(child.path);
                          onNavigate?.();
                        }}
                        data-menu-id={child.id}
                        data-menu-path={child.path}
                        aria-current={active ? 'page' : undefined}
                        sx={{ ...itemSx, minHeight: 38, pl: 7.25 }}
                      >
                        <ListItemText primary={pickName(child.names, lang)} slotProps={{ primary: { sx: { fontSize: 14 } } }} />
                        {child.id === EXPORT_DOWNLOAD_MENU_ID && amount > 0 && (
                          <Box
                            component="span"
                            data-testid="export-amount"
                            sx={{ ml: 1, px: 0.9, minWidth: 22, height: 20, borderRadius: 10, bgcolor: 'warning.main', color: '#fff', fontSize: 12, fontWeight: 700, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
                          >
                            {amount > 99 ? '99+' : amount}
                          </Box>
                        )}
                      </ListItemButton>
                    );
                  })}
                </List>
              </Collapse>
            </Fragment>
          );
        })}
      </List>
      <Typography variant="caption" sx={{ px: 3, py: 2, color: 'rgba(255,255,255,0.62)' }}>
        {t('app.title')}
      </Typography>
    </Box>
  );
}

