/**
 * The side menu (GET system/menu/nested): one group open at a time, following the current
 * route; names in the current language; the active entry highlighted. When the menu holds
 * the export download (42), the pending export amount is polled every 30 s without mask or
 * Fail modal: the report group then shows a dot and the download entry the count.
 */
import { memo, useCallback, useEffect, useState } from 'react';
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
import { pickName, type Lang } from '../../domain/lang';
import type { MenuItem } from '../../domain/api';
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

const entrySx = { ...itemSx, minHeight: 38, pl: 7.25 } as const;
const groupActiveSx = { ...itemSx, color: '#fff', '& .MuiListItemIcon-root': { color: '#fff' } } as const;
const groupTextProps = { primary: { sx: { fontWeight: 600, fontSize: 14.5 } } } as const;
const entryTextProps = { primary: { sx: { fontSize: 14 } } } as const;
const amountSx = { ml: 1, px: 0.9, minWidth: 22, height: 20, borderRadius: 10, bgcolor: 'warning.main', color: '#fff', fontSize: 12, fontWeight: 700, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } as const;

/**
 * A menu entry. Memoized, like its group: a route change re-renders the entries whose
 * highlight changes, not the whole menu (about fifty MUI buttons, each styled again).
 */
const MenuEntry = memo(function MenuEntry({ child, active, lang, amount, onNavigate }: { child: MenuItem['children'][number]; active: boolean; lang: Lang; amount: number; onNavigate?: () => void }) {
  return (
    <ListItemButton
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
      sx={entrySx}
    >
      <ListItemText primary={pickName(child.names, lang)} slotProps={entryTextProps} />
      {child.id === EXPORT_DOWNLOAD_MENU_ID && amount > 0 && (
        <Box component="span" data-testid="export-amount" sx={amountSx}>
          {amount > 99 ? '99+' : amount}
        </Box>
      )}
    </ListItemButton>
  );
});

/** A group and its entries; `activePath` is the route's entry when it is in this group (else null). */
const MenuGroup = memo(function MenuGroup({ group, open, active, activePath, lang, amount, onToggle, onNavigate }: {
  group: MenuItem; open: boolean; active: boolean; activePath: string | null; lang: Lang; amount: number;
  onToggle: (id: number) => void; onNavigate?: () => void;
}) {
  const dot = group.id === REPORT_MENU_ID && amount > 0;
  return (
    <>
      <ListItemButton onClick={() => onToggle(group.id)} aria-expanded={open} data-menu-id={group.id} data-menu-path={group.path} sx={active ? groupActiveSx : itemSx}>
        <ListItemIcon>
          <Badge variant="dot" color="warning" invisible={!dot} data-testid={group.id === REPORT_MENU_ID ? 'report-dot' : undefined}>
            {menuIcon(group.id)}
          </Badge>
        </ListItemIcon>
        <ListItemText primary={pickName(group.names, lang)} slotProps={groupTextProps} />
        <ExpandMoreRounded sx={{ fontSize: 20, opacity: 0.7, transition: 'transform .2s', transform: open ? 'rotate(180deg)' : 'none' }} />
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List disablePadding component="div">
          {group.children.map((child) => (
            <MenuEntry key={child.id} child={child} active={child.path === activePath} lang={lang} amount={child.id === EXPORT_DOWNLOAD_MENU_ID ? amount : 0} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
});

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [lang] = useLang();
  const { pathname } = useLocation();
  const { menu } = useUserMenu();
  // The route's group and entry (menuTrail: the entry's path or one of its pages).
  const [currentGroup, currentEntry] = menu ? menuTrail(pathname, menu) : [];
  const currentGroupId = currentGroup?.id;
  const [openId, setOpenId] = useState<number | null>(currentGroupId ?? null);
  const toggle = useCallback((id: number) => setOpenId((o) => (o === id ? null : id)), []);

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
          <ListItemText primary={t('shell.home')} slotProps={groupTextProps} />
        </ListItemButton>
        {!menu &&
          [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={36} sx={{ mx: 2, my: 1, bgcolor: 'rgba(255,255,255,0.08)' }} />)}
        {menu?.map((group) => (
          <MenuGroup
            key={group.id}
            group={group}
            open={openId === group.id}
            active={currentGroupId === group.id}
            activePath={group.id === currentGroupId ? currentEntry?.path ?? null : null}
            lang={lang}
            amount={group.id === REPORT_MENU_ID || group.children.some((c) => c.id === EXPORT_DOWNLOAD_MENU_ID) ? amount : 0}
            onToggle={toggle}
            onNavigate={onNavigate}
          />
        ))}
      </List>
      <Typography variant="caption" sx={{ px: 3, py: 2, color: 'rgba(255,255,255,0.62)' }}>
        {t('app.title')}
      </Typography>
    </Box>
  );
}
