/**
 * The look of the first rows (view.ts): the theme's measures (theme/layout.ts) and the data
 * grid's as CrudTable sets them (header 48 px, rows 52 px, 13 px bold headers), as one
 * stylesheet scoped to the layer's id.
 */
import { BREAKPOINTS, FONT_STACK, PAGE_BG, PAGE_MAX_WIDTH, PAGE_PADDING_X, SIDEBAR_BG, SIDEBAR_WIDTH, TEXT_PRIMARY, TEXT_SECONDARY, TOPBAR_HEIGHT } from '../theme/layout';

export const FIRST_ROWS_ID = 'first-rows';

const DIVIDER = 'rgba(0,0,0,0.12)';
const ROW_LINE = 'rgb(224,224,224)';
const r = `#${FIRST_ROWS_ID}`;

export const FIRST_ROWS_CSS = [
  `${r}{position:fixed;inset:0;z-index:1250;background:${PAGE_BG};color:${TEXT_PRIMARY};font-family:${FONT_STACK};font-size:14px;line-height:1.43;overflow:hidden;cursor:progress}`,
  `${r} .fr-top{position:absolute;top:0;left:0;right:0;height:${TOPBAR_HEIGHT}px;box-sizing:border-box;background:#fff;border-bottom:1px solid ${DIVIDER}}`,
  `${r} .fr-side{position:absolute;top:${TOPBAR_HEIGHT}px;left:0;bottom:0;width:${SIDEBAR_WIDTH}px;background:${SIDEBAR_BG}}`,
  `${r} .fr-main{position:absolute;top:${TOPBAR_HEIGHT}px;left:${SIDEBAR_WIDTH}px;right:0;bottom:0;overflow:hidden}`,
  `${r} .fr-page{max-width:${PAGE_MAX_WIDTH}px;margin:0 auto;padding:24px ${PAGE_PADDING_X.lg}px;box-sizing:border-box}`,
  `${r} .fr-crumb{height:32px;margin-bottom:20px}`,
  `${r} .fr-title{margin:0 0 16px;min-height:37px;display:flex;align-items:center;font-size:1.5rem;font-weight:700;line-height:1.334}`,
  `${r} .fr-paper{background:#fff;border:1px solid ${DIVIDER};border-radius:14px;box-shadow:0 1px 2px rgba(16,24,40,0.04);overflow:hidden}`,
  `${r} .fr-filters{height:72px;border-bottom:1px solid ${DIVIDER}}`,
  `${r} .fr-table{width:100%;border-collapse:collapse;table-layout:fixed}`,
  `${r} th{height:48px;padding:0 10px;background:#f7f8fa;color:${TEXT_SECONDARY};font-size:13px;font-weight:700;text-align:left;border-bottom:1px solid ${ROW_LINE};white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
  `${r} td{height:51px;padding:0 10px;border-bottom:1px solid ${ROW_LINE};white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
  `${r} .fr-sort{width:18px;height:18px;margin-left:6px;vertical-align:-4px;fill:currentColor}`,
  `${r} .fr-up{transform:rotate(180deg)}`,
  `${r} .fr-foot{padding:10px 16px;line-height:32px;color:${TEXT_SECONDARY};border-top:1px solid ${DIVIDER};margin-top:-1px}`,
  `${r} .fr-num{font-variant-numeric:tabular-nums}`,
  `${r} .fr-muted{color:${TEXT_SECONDARY}}`,
  `${r} .fr-empty{color:rgba(0,0,0,0.38)}`,
  `${r} .fr-chip{display:inline-flex;align-items:center;height:24px;box-sizing:border-box;max-width:180px;padding:0 8px;margin-right:4px;border:1px solid ${DIVIDER};border-radius:16px;background:#f5f5f5;font-size:13px;font-weight:500;overflow:hidden;text-overflow:ellipsis}`,
  `@media (max-width:${BREAKPOINTS.lg - 0.05}px){${r} .fr-page{padding:24px ${PAGE_PADDING_X.sm}px}}`,
  `@media (max-width:${BREAKPOINTS.md - 0.05}px){${r} .fr-side{display:none}${r} .fr-main{left:0}}`,
].join('');
