/**
 * The signed-in layout of /home and every section route: top bar, side menu (a permanent
 * drawer from md up, a temporary one toggled by the burger below), breadcrumb, the page, and
 * the top-bar dialogs.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useLocation } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { LazyAccountDialogs as AccountDialogs } from '../account/LazyAccountDialogs';
import { HomeDialogContext, type HomeDialogControl } from '../account/HomeDialogContext';
import { HomeDialogMode, type HomeDialogModeValue } from '../account/modes';
import { PROFILE_KEY } from '../account/profile';
import { useSessionConfig } from '../session/config';
import { useLogout } from '../session/logout';
import { useMenuSync } from '../session/menu';
import { sessionStore, useSession } from '../session/store';
import { MimaStatus } from '../../domain/enums';
import { PAGE_MAX_WIDTH, PAGE_PADDING_X, SIDEBAR_BG, SIDEBAR_WIDTH, TOPBAR_HEIGHT } from '../theme/layout';
import { ExportJobsHost } from '../jobs/ExportJobsHost';
import { Breadcrumb } from './Breadcrumb';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { canUsePlayground } from '../playground/access';

const drawerPaperSx = {
  width: SIDEBAR_WIDTH,
  boxSizing: 'border-box',
  bgcolor: SIDEBAR_BG,
  color: '#fff',
  borderRight: 'none',
} as const;

export function Shell() {
  useMenuSync();
  const session = useSession();
  const { data: config } = useSessionConfig();
  const { mutate } = useSWRConfig();
  const logout = useLogout();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mode, setMode] = useState<HomeDialogModeValue>(HomeDialogMode.None);

  useEffect(() => setMobileOpen(false), [pathname]);

  const openProfile = useCallback(async () => {
    try {
      await mutate(PROFILE_KEY);
    } catch {
      return; // the Fail modal already told the user
    }
    setMode(HomeDialogMode.ViewProfile);
  }, [mutate]);

  const control = useMemo<HomeDialogControl>(() => ({ mode, setMode, openProfile }), [mode, openProfile]);

  if (!session) return null;

  return (
    <HomeDialogContext.Provider value={control}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <TopBar
          config={config}
          userName={session.user.name || session.user.account}
          onBurger={() => setMobileOpen((o) => !o)}
          onProfile={() => void openProfile()}
          onLogout={() => setMode(HomeDialogMode.Logout)}
          playground={canUsePlayground(session.user)}
        />
        {desktop ? (
          <Drawer variant="permanent" data-testid="sidebar" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { ...drawerPaperSx, top: TOPBAR_HEIGHT, height: `calc(100% - ${TOPBAR_HEIGHT}px)` } }}>
            <SideMenu />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            data-testid="sidebar"
            ModalProps={{ keepMounted: true }}
            // The top bar stays above the temporary drawer (zIndex drawer + 1): the burger closes it.
            sx={{ '& .MuiDrawer-paper': { ...drawerPaperSx, width: Math.min(SIDEBAR_WIDTH + 24, 300), top: TOPBAR_HEIGHT, height: `calc(100% - ${TOPBAR_HEIGHT}px)` } }}
          >
            <SideMenu onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
        <Box component="main" data-testid="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${TOPBAR_HEIGHT}px` }}>
          <Box sx={{ px: { xs: `${PAGE_PADDING_X.xs}px`, sm: `${PAGE_PADDING_X.sm}px`, lg: `${PAGE_PADDING_X.lg}px` }, py: { xs: 2, sm: 3 }, maxWidth: PAGE_MAX_WIDTH, mx: 'auto' }}>
            <Breadcrumb />
            <Outlet />
          </Box>
        </Box>
      </Box>
      <ExportJobsHost />
      <AccountDialogs
        mode={mode}
        onModeChange={setMode}
        config={config}
        onLogout={logout}
        onPasswordChanged={() => sessionStore.updateUser({ mimaChangedAt: new Date().toISOString(), mimaStatus: MimaStatus.Normal })}
      />
    </HomeDialogContext.Provider>
  );
}
