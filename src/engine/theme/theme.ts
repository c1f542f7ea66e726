/** The look: brand red #b83a24, neutral light background, dark sidebar, CJK-friendly type. */
import { createTheme, type Theme } from '@mui/material/styles';

export { BRAND_RED, FONT_STACK, SIDEBAR_BG, SIDEBAR_WIDTH, TOPBAR_HEIGHT } from './layout';
import { BRAND_RED, FONT_STACK, PAGE_BG, TEXT_PRIMARY, TEXT_SECONDARY } from './layout';

/** The texts MUI components show themselves, in the user's language (see AppProviders). */
export interface ThemeTexts {
  noOptions: string;
  loading: string;
  open: string;
  close: string;
  clear: string;
}

/**
 * What a user who asked their system for less motion (prefers-reduced-motion: reduce) gets:
 * dialogs, menus and collapses appear and go at once, no ripple on a press (the keyboard focus
 * shows as an outline instead), skeletons without their wave, and no CSS transition of ours.
 * Spinners keep turning: they say that something is on its way.
 */
const REDUCED_MOTION = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false as const } },
    MuiCssBaseline: {
      styleOverrides: {
        '*, *::before, *::after': { transitionDuration: '0s !important', scrollBehavior: 'auto !important' },
        '.MuiButtonBase-root.Mui-focusVisible': { outline: `2px solid ${BRAND_RED}`, outlineOffset: 2 },
      },
    },
  },
};

export function createAppTheme(texts?: ThemeTexts, motion: 'full' | 'reduced' = 'full'): Theme {
  const theme = createTheme({
    palette: {
      primary: { main: BRAND_RED, dark: '#96301d', light: '#d4604a', contrastText: '#ffffff' },
      secondary: { main: '#2f3a56' },
      background: { default: PAGE_BG, paper: '#ffffff' },
      text: { primary: TEXT_PRIMARY, secondary: TEXT_SECONDARY },
      divider: '#e4e6ec',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h4: { fontWeight: 700, letterSpacing: 0.2 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600, fontSize: '1.05rem' },
      subtitle1: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          '#root': { minHeight: '100vh' },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 18 } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #e4e6ec', boxShadow: '0 1px 2px rgba(16,24,40,0.04)' } },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700, fontSize: '1.1rem' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      // Every select (the engine's widgets and the panes' own Autocompletes) says 'no match
      // data' in the user's language instead of MUI's English 'No options'.
      ...(texts
        ? {
            MuiAutocomplete: {
              defaultProps: { noOptionsText: texts.noOptions, loadingText: texts.loading, openText: texts.open, closeText: texts.close, clearText: texts.clear },
            },
          }
        : {}),
    },
  });
  return motion === 'reduced' ? createTheme(theme, REDUCED_MOTION) : theme;
}
