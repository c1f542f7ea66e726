/**
 * Column widths that follow their content and language (issue 12): the least width of a
 * column is what its header (in the interface language, with its sort arrow) and the cells of
 * the page on screen need, measured with the page's font (a canvas) where there is one and
 * estimated per character otherwise (tests, server). Spare room is shared by flex weight: the
 * declaration's `flex`, else the least width itself. Without React: the data grid and the first
 * rows drawn before the app loads (engine/firstRows) measure and fill their columns alike.
 */
import type { ColumnDeclaration, ScreenDeclaration } from '../../domain/declarations';
import { enumValuesOf, formatCell, type Translate } from '../../domain/format';
import type { Lang } from '../../domain/lang';

/** The widest a column starts (longer texts end in an ellipsis and show whole in a tooltip). */
export const MAX_COLUMN_WIDTH = 360;
/** Cell padding (10 px each side) and the header's sort arrow and gap. */
const CELL_PADDING = 20;
const SORT_ICON = 30;
/** A small chip: 8 px padding each side, a 1 px border, 4 px between chips. */
const CHIP_EXTRA = 22;

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Estimated width of a text in px at a font size (CJK full width, Latin by letter class). */
export function estimateTextWidth(text: string, fontPx: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) em += 1;
    else if (/[A-Z@MWmw]/.test(ch)) em += 0.68;
    else if (/[0-9]/.test(ch)) em += 0.58;
    else if (/[il.,:;'|!1 \-/()]/.test(ch)) em += 0.3;
    else em += 0.54;
  }
  return Math.ceil(em * fontPx * (bold ? 1.06 : 1));
}

let canvas: CanvasRenderingContext2D | null | undefined;
function context(): CanvasRenderingContext2D | null {
  if (canvas !== undefined) return canvas;
  try {
    // jsdom has a canvas element without a 2d context: it answers null (or throws).
    canvas = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  } catch {
    canvas = null;
  }
  return canvas;
}

/** The width of a text in the app's font: measured when a canvas can, else estimated. */
export function textWidth(text: string, fontPx: number, bold = false): number {
  const ctx = context();
  if (!ctx) return estimateTextWidth(text, fontPx, bold);
  ctx.font = `${bold ? 700 : 400} ${fontPx}px Inter, "Noto Sans TC", "Noto Sans SC", system-ui, sans-serif`;
  return Math.ceil(ctx.measureText(text).width);
}

/** What a cell shows, for measuring: its text, or its chip labels. */
export type CellText = { text: string } | { chips: string[] };

/** Chips shown before the rest folds into "+N". */
export const CHIPS_SHOWN = 2;

export function chipsWidth(labels: readonly string[]): number {
  const shown = labels.length > CHIPS_SHOWN + 1 ? labels.slice(0, CHIPS_SHOWN) : labels;
  const rest = labels.length - shown.length;
  const widths = shown.map((l) => Math.min(180, textWidth(l, 13) + CHIP_EXTRA));
  if (rest > 0) widths.push(textWidth(`+${rest}`, 13) + CHIP_EXTRA);
  return widths.reduce((a, b) => a + b + 4, 0);
}

/** The least width of a column: its header and the cells of the page, within 72..MAX_COLUMN_WIDTH. */
export function leastWidthOf(column: Pick<ColumnDeclaration, 'sortable' | 'format'>, header: string, cells: readonly CellText[]): number {
  const head = textWidth(header, 13, true) + CELL_PADDING + (column.sortable ? SORT_ICON : 0);
  let body = 0;
  for (const c of cells) body = Math.max(body, 'chips' in c ? chipsWidth(c.chips) : textWidth(c.text, 14));
  if (column.format === 'progress') body = Math.max(body, 140);
  return Math.min(MAX_COLUMN_WIDTH, Math.max(72, head, body + CELL_PADDING));
}

/** What a cell shows as text or chip labels (for measuring its width, and the first rows). */
export function cellText(column: ColumnDeclaration, value: unknown, t: Translate, lang: Lang, row?: Record<string, unknown>): CellText {
  if (column.enum) return { chips: enumValuesOf(column.enum, value).map((v) => t(`enums.${column.enum}.${String(v)}`, { defaultValue: String(v) })) };
  return { text: formatCell(column, value, t, lang, row) };
}

/** How many buttons a row can show (the width of the actions column). */
export function actionCount(decl: ScreenDeclaration): number {
  const a = decl.grid?.actions ?? [];
  return (a.includes('view') ? 1 : 0) + (a.includes('edit') && decl.api.update ? 1 : 0) + (a.includes('remove') && decl.api.remove ? 1 : 0) + (decl.grid?.rowActions?.length ?? 0);
}

/** The width of the actions column for `n` buttons. */
export const actionsWidthOf = (n: number) => Math.max(84, 20 + n * 36);
