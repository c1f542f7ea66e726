/**
 * The shell's measures and the brand's colours and type, without MUI: the theme (theme.ts) and
 * the first rows drawn before the app loads (engine/firstRows) share them.
 */
export const BRAND_RED = '#b83a24';
export const SIDEBAR_BG = '#1c2130';
export const SIDEBAR_WIDTH = 256;
export const TOPBAR_HEIGHT = 64;
/** The page's box in the shell: its widest, and its side padding from MUI's sm and lg breakpoints. */
export const PAGE_MAX_WIDTH = 1440;
export const PAGE_PADDING_X = { xs: 16, sm: 24, lg: 32 } as const;
/** MUI's default breakpoints the shell follows (the side menu from md). */
export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200 } as const;
/** The page's background and the text colours of the theme's palette. */
export const PAGE_BG = '#f3f4f7';
export const TEXT_PRIMARY = '#1f2433';
export const TEXT_SECONDARY = '#5d6475';

export const FONT_STACK = [
  '"Noto Sans TC"',
  '"Noto Sans CJK TC"',
  '"Noto Sans SC"',
  '"Noto Sans CJK SC"',
  '"PingFang TC"',
  '"Microsoft JhengHei"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(', ');
