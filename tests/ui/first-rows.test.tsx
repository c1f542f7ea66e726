/**
 * A list's first rows drawn before the app loads (engine/firstRows, issue 27): from the head
 * script's early answer, with the grid's own columns and cell texts, in the page's language;
 * the answer left whole for the app; gone once the app shows the list; nothing drawn when there
 * is nothing right to draw.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declaration, loadDeclarations } from '../../src/domain/declarations';
import { EARLY_GLOBAL, takeEarly } from '../../src/engine/api/early';
import { cellText } from '../../src/engine/crud/columnWidths';
import { paintFirstRows, translator } from '../../src/engine/firstRows/paint';
import { columnWidths } from '../../src/engine/firstRows/view';

const LIST = '/v1/system/employee?page=1&pageSize=10&sort=createdAt&order=desc';
const ROWS = [
  { id: 7, account: 'amy', name: 'Amy Chen', roleName: 'Auditors', status: 1, createdAt: '2026-11-28T01:02:00Z' },
  { id: 8, account: 'bob', name: 'Bob', roleName: null, status: 2, createdAt: '2026-11-27T09:30:00Z' },
];
const globals = globalThis as Record<string, unknown>;

function earlyAnswer(body: unknown, status = 200): void {
  globals[EARLY_GLOBAL] = { [LIST]: { token: 'tok', answer: Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) } };
}
const layer = () => document.querySelector<HTMLElement>('[data-testid="first-rows"]');
const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent);
/** The layer is gone, within testing-library's deadline (tests/ui/setup.ts). */
const gone = () => waitFor(() => expect(layer()).toBeNull());

beforeEach(() => window.history.replaceState(null, '', '/system/employee'));
afterEach(() => {
  layer()?.remove();
  delete globals[EARLY_GLOBAL];
  window.history.replaceState(null, '', '/');
});

describe('the first rows of a list', () => {
  it('show the declared columns and the grid\'s cell texts in zh_TW, the total, hidden from screen readers', async () => {
    earlyAnswer({ items: ROWS, total: 42 });
    expect(await paintFirstRows(LIST, loadDeclarations())).toBe(true);
    const t = translator('zh_TW');
    const decl = declaration('system.employee');
    const columns = decl.grid!.columns;
    expect(texts(layer()!.querySelectorAll('th'))).toEqual([...columns.map((c) => t(c.label)), t('screens.crud.actions')]);
    expect(layer()!.querySelector('h1')?.textContent).toBe(t(decl.title));
    const rows = layer()!.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    ROWS.forEach((row, i) => {
      const shown = columns.map((c) => {
        const text = cellText(c, row[c.key as keyof typeof row], t, 'zh_TW', row);
        const plain = 'chips' in text ? text.chips.join('') : text.text;
        return plain === '' ? t('screens.crud.empty') : plain;
      });
      expect(texts(rows[i].querySelectorAll('td'))).toEqual([...shown, '']);
    });
    expect(texts(rows[0].querySelectorAll('td'))).toContain('啟用');
    expect(layer()!.textContent).toContain('共 42 筆');
    expect(layer()!.getAttribute('aria-hidden')).toBe('true');
  });

  it('follow the page\'s language (?lang=en)', async () => {
    window.history.replaceState(null, '', '/system/employee?lang=en');
    earlyAnswer({ items: ROWS, total: 1 });
    expect(await paintFirstRows(LIST, loadDeclarations(), '/system/employee')).toBe(true);
    expect(texts(layer()!.querySelectorAll('th')).slice(0, 2)).toEqual(['Account', 'Name']);
    expect(document.documentElement.lang).toBe('en');
  });

  it('leave the answer whole for the app, which takes it instead of asking again', async () => {
    earlyAnswer({ items: ROWS, total: 2 });
    await paintFirstRows(LIST, loadDeclarations());
    const answer = takeEarly(LIST, 'tok');
    expect(answer).not.toBeNull();
    expect(await (await answer!).json()).toEqual({ items: ROWS, total: 2 });
  });

  it('go once the app shows its own rows, or leaves the path', async () => {
    earlyAnswer({ items: ROWS, total: 2 });
    await paintFirstRows(LIST, loadDeclarations());
    const appRow = Object.assign(document.createElement('div'), { className: 'MuiDataGrid-row' });
    document.body.append(appRow);
    await gone();
    appRow.remove();

    earlyAnswer({ items: ROWS, total: 2 });
    await paintFirstRows(LIST, loadDeclarations());
    window.history.pushState(null, '', '/home');
    document.body.append(document.createElement('span'));
    await gone();
  });

  it('draw nothing for a refused call, an empty list, a missing answer, or a path without one list', async () => {
    earlyAnswer({ code: 'Unauthorized', message: 'x' }, 401);
    expect(await paintFirstRows(LIST, loadDeclarations())).toBe(false);
    earlyAnswer({ items: [], total: 0 });
    expect(await paintFirstRows(LIST, loadDeclarations())).toBe(false);
    delete globals[EARLY_GLOBAL];
    expect(await paintFirstRows(LIST, loadDeclarations())).toBe(false);
    earlyAnswer({ items: ROWS, total: 2 });
    expect(await paintFirstRows(LIST, loadDeclarations(), '/member/setting')).toBe(false);
    expect(layer()).toBeNull();
  });
});

describe('the first rows\' column widths', () => {
  it('share the spare room by flex weight as the grid does, the actions column fixed', () => {
    expect(columnWidths([100, 200], [100, 200], 84, 684)).toEqual([200, 400]);
    expect(columnWidths([100, 200], [1, 1], 0, 500)).toEqual([200, 300]);
    // No spare room: each column keeps its least width (the table scrolls, as the grid does).
    expect(columnWidths([300, 300], [300, 300], 84, 500)).toEqual([300, 300]);
  });
});
