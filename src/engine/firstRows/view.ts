/**
 * The first rows of a declared list as plain DOM (no React, MUI or data grid): the shell's frame
 * (top bar, side menu), the list's title and a table of its first page, laid out as the app
 * will show them. The columns, their widths and every cell's text come from the functions the
 * data grid uses (crud/columnWidths.ts: cellText, leastWidthOf, actionCount), so the rows read
 * the same before and after the app takes over. Texts are set as text, never as HTML.
 */
import type { ColumnDeclaration, ScreenDeclaration } from '../../domain/declarations';
import type { Translate } from '../../domain/format';
import type { Lang } from '../../domain/lang';
import { defaultSortOf } from '../../domain/listSort';
import { actionCount, actionsWidthOf, CHIPS_SHOWN, cellText, leastWidthOf } from '../crud/columnWidths';
import { BREAKPOINTS, PAGE_MAX_WIDTH, PAGE_PADDING_X, SIDEBAR_WIDTH } from '../theme/layout';
import { FIRST_ROWS_CSS, FIRST_ROWS_ID } from './style';

type Row = Record<string, unknown>;

export interface FirstRowsInput {
  decl: ScreenDeclaration;
  rows: readonly Row[];
  /** The list's row count (the footer's total). */
  total: number;
  t: Translate;
  lang: Lang;
  /** The window's width: the columns share the table's room as the grid shares it. */
  width: number;
}

/** The table's width in a window `width` wide: the shell's side menu, the page's padding, the card's border. */
export function tableWidthIn(width: number): number {
  const menu = width >= BREAKPOINTS.md ? SIDEBAR_WIDTH : 0;
  const padding = 2 * (width >= BREAKPOINTS.lg ? PAGE_PADDING_X.lg : PAGE_PADDING_X.sm);
  return Math.min(PAGE_MAX_WIDTH, width - menu) - padding - 2;
}

/**
 * The columns' widths as the data grid gives them: each its least width, then the room left
 * shared by flex weight (the declared `flex`, else the least width); the actions column fixed.
 */
export function columnWidths(least: readonly number[], flex: readonly number[], fixed: number, room: number): number[] {
  const spare = room - fixed - least.reduce((a, b) => a + b, 0);
  const weight = flex.reduce((a, b) => a + b, 0);
  return least.map((w, i) => (spare > 0 && weight > 0 ? Math.floor(w + (spare * flex[i]) / weight) : w));
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cell(column: ColumnDeclaration, row: Row, t: Translate, lang: Lang): HTMLTableCellElement {
  const td = el('td');
  if (column.format === 'image') return td;
  const shown = cellText(column, row[column.key], t, lang, row);
  if ('chips' in shown) {
    const labels = shown.chips.filter((l) => l !== '');
    const kept = labels.length > CHIPS_SHOWN + 1 ? labels.slice(0, CHIPS_SHOWN) : labels;
    for (const label of kept) td.append(el('span', 'fr-chip', label));
    if (labels.length > kept.length) td.append(el('span', 'fr-chip', `+${labels.length - kept.length}`));
    if (labels.length === 0) td.append(el('span', 'fr-empty', t('screens.crud.empty')));
    return td;
  }
  if (shown.text === '') td.append(el('span', 'fr-empty', t('screens.crud.empty')));
  else {
    td.textContent = shown.text;
    td.title = shown.text;
    if (column.format === 'number' || column.format === 'datetime' || column.format === 'date') td.className = 'fr-num';
    if (column.format === 'datetime') td.classList.add('fr-muted');
  }
  return td;
}

/** The sorted column's arrow (MUI's ArrowDownward / ArrowUpward). */
function sortArrow(order: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', order === 'asc' ? 'fr-sort fr-up' : 'fr-sort');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z');
  svg.append(path);
  return svg;
}

/** The list's table: the declared columns as wide as the grid makes them, then the actions column. */
function table({ decl, rows, t, lang, width }: FirstRowsInput): HTMLTableElement {
  const columns = decl.grid?.columns ?? [];
  const sort = defaultSortOf(decl);
  const actions = actionCount(decl);
  const fixed = actions > 0 ? actionsWidthOf(actions) : 0;
  const headers = columns.map((c) => t(c.label));
  const least = columns.map((c, i) => Math.max(c.minWidth ?? 0, leastWidthOf(c, headers[i], rows.map((r) => cellText(c, r[c.key], t, lang, r)))));
  const widths = columnWidths(least, columns.map((c, i) => c.flex ?? least[i]), fixed, tableWidthIn(width));
  const tbl = el('table', 'fr-table');
  const colgroup = el('colgroup');
  const head = el('tr');
  columns.forEach((c, i) => {
    const col = el('col');
    col.style.width = `${widths[i]}px`;
    colgroup.append(col);
    const th = el('th', undefined, headers[i]);
    th.scope = 'col';
    if (c.key === sort.key) th.append(sortArrow(sort.order));
    head.append(th);
  });
  if (actions > 0) {
    const col = el('col');
    col.style.width = `${fixed}px`;
    colgroup.append(col);
    const th = el('th', 'fr-actions', t('screens.crud.actions'));
    th.scope = 'col';
    head.append(th);
  }
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    tr.dataset.testid = 'first-rows-row';
    for (const c of columns) tr.append(cell(c, row, t, lang));
    if (actions > 0) tr.append(el('td', 'fr-actions'));
    tbody.append(tr);
  }
  tbl.append(colgroup, thead, tbody);
  return tbl;
}

/** The whole first view: a fixed layer over the page until the app's own list is there. */
export function firstRowsView(input: FirstRowsInput): HTMLElement {
  const root = el('div', 'fr');
  root.id = FIRST_ROWS_ID;
  root.dataset.testid = 'first-rows';
  // A picture of what the app is about to show: screen readers meet the app's own list.
  root.setAttribute('aria-hidden', 'true');
  const style = el('style', undefined, FIRST_ROWS_CSS);
  const page = el('div', 'fr-page');
  const title = el('h1', 'fr-title', input.t(input.decl.title));
  const paper = el('div', 'fr-paper');
  const filters = Object.keys(input.decl.filters?.schema?.properties ?? {}).length;
  if (filters > 0) paper.append(el('div', 'fr-filters'));
  paper.append(table(input), el('div', 'fr-foot', input.t('screens.crud.total', { count: input.total })));
  page.append(el('div', 'fr-crumb'), title, paper);
  // Plain boxes, not landmarks: the app's own header, nav and main are the page's.
  const main = el('div', 'fr-main');
  main.append(page);
  root.append(style, el('div', 'fr-top'), el('div', 'fr-side'), main);
  return root;
}
