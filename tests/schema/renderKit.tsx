/**
 * The kit of the render snapshots (render-lists.test.tsx, render-forms.test.tsx): every crud
 * declaration rendered by the engine, in zh_TW and en: the list (over a stubbed
 * fetcher answering a fixed page built from the declaration's columns) and the add form
 * filled with sample data built from its schema. Each is reduced to a readable outline (what
 * the user sees and the test hooks: headers, cells, footer, field labels, input names, values,
 * options) and compared with the committed snapshot, so a declaration change shows as a
 * reviewable diff. Fixed time zone, dates and ids keep the snapshots stable.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { ColumnDeclaration, ScreenDeclaration } from '../../src/domain/declarations';
import { loadDeclarations, resolveForm } from '../../src/domain/declarations';
import { ENUMS, FLAG_ENUMS, isEnumName, type EnumName } from '../../src/domain/enums';
import { MENU_TREE } from '../../src/domain/menu';
import '../../src/app/parts';
import { loadFormWidgets } from '../../src/engine/registry/widgets';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch } from '../ui/harness';
/** The app's providers around a node, as the UI tests render (tests/ui/harness.tsx). */
export { withProviders as renderWith } from '../ui/harness';

const AT = '2025-01-15T02:30:00.000Z';
const TW_LOCATION = 517;
const CONFIG = config({
  locations: [
    { id: TW_LOCATION, parentId: null, name: 'TW', names: { zh_TW: '台灣', zh_CN: '台湾', en: 'Taiwan' } },
    { id: 172, parentId: null, name: 'GB', names: { zh_TW: '英國', zh_CN: '英国', en: 'United Kingdom' } },
  ],
  timezoneInfo: [
    { id: 103, zone: 'Asia/Taipei', offset: 480, names: { zh_TW: '台北', zh_CN: '台北', en: 'Taipei' } },
    { id: 100, zone: 'Europe/London', offset: 0, names: { zh_TW: '倫敦', zh_CN: '伦敦', en: 'London' } },
  ],
});
export const CRUD = loadDeclarations().filter((d) => d.kind === 'crud');
export const FORMS = loadDeclarations().filter((d) => d.kind === 'form');

export type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

// --- Sample data from declarations -----------------------------------------------------------

function firstEnumValue(name: string | undefined): unknown {
  if (!name || !isEnumName(name)) return undefined;
  const values = Object.values(ENUMS[name]);
  return FLAG_ENUMS.includes(name as EnumName) ? (values as number[]).slice(0, 2).reduce((a, b) => a | b, 0) : values[0];
}

function cellSample(c: ColumnDeclaration, i: number): unknown {
  if (c.enum) return firstEnumValue(c.enum);
  switch (c.format) {
    case 'lang':
      return 'zh_TW';
    case 'progress':
      return i * 10;
    case 'datetime':
    case 'date':
      return new Date(Date.parse(AT) - i * 86_400_000).toISOString();
    case 'number':
      return 1200 + i;
    case 'boolean':
      return i % 2 === 0;
    case 'names':
      return { zh_TW: `範例 ${i + 1}`, en: `Sample ${i + 1}` };
    case 'list':
      return [`A${i}`, `B${i}`];
    default:
      return `${c.key}-${i + 1}`;
  }
}

function listPage(decl: ScreenDeclaration) {
  const items = Array.from({ length: 10 }, (_, i) => {
    const row: Node = { [decl.rowKey ?? 'id']: i + 1 };
    for (const c of decl.grid?.columns ?? []) row[c.key] = cellSample(c, i);
    return row;
  });
  return { items, total: 23 };
}

/** A value for every property of a schema (sample data of a form). */
export function sampleOf(schema: unknown, key = ''): unknown {
  if (!isNode(schema)) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (/^country$/i.test(key) && schema.type === 'integer') return TW_LOCATION;
  if (typeof schema['x-enum'] === 'string' && schema.type !== 'array') {
    return Array.isArray(schema.enum) ? schema.enum[0] : firstEnumValue(schema['x-enum']);
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (typeof schema['x-options'] === 'string' && schema.type !== 'array') return 1;
  switch (schema.type) {
    case 'object': {
      const out: Node = {};
      for (const [k, v] of Object.entries(isNode(schema.properties) ? schema.properties : {})) {
        const value = sampleOf(v, k);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const item = isNode(schema.items) ? schema.items : {};
      if (Array.isArray(item.enum)) return [item.enum[0]];
      if (item.type === 'integer' || item.type === 'number') return [10];
      if (item.type === 'string') return [];
      return [];
    }
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'string': {
      if (schema.format === 'email') return 'sample@example.com';
      if (schema.format === 'date-time' || /time$/i.test(key)) return AT;
      if (schema.format === 'phoneCountryCode' || /CountryCode$/.test(key)) return '886';
      if (/phone$/i.test(key)) return '0912345678';
      if (schema.format === 'url') return `https://example.com/${key}`;
      if (schema.format === 'numeric') return '0223456789';
      if (schema['x-file'] !== undefined) return undefined;
      return `sample-${key}`.slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : 40);
    }
    default:
      return undefined;
  }
}

// --- A readable outline of what renders ------------------------------------------------------

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').replace(/\u200b/g, '').trim();

export function outline(root: Element): string[] {
  const lines: string[] = [];
  const walk = (el: Element) => {
    if (el instanceof HTMLElement && (el.hidden || el.style.display === 'none')) return;
    const tag = el.tagName.toLowerCase();
    const role = el.getAttribute('role');
    if (role === 'columnheader') {
      lines.push(`columnheader "${clean(el.textContent)}"${el.getAttribute('aria-sort') && el.getAttribute('aria-sort') !== 'none' ? ` sort=${el.getAttribute('aria-sort')}` : ''}`);
      return;
    }
    if (tag === 'fieldset' && el.classList.contains('MuiOutlinedInput-notchedOutline')) return; // repeats the label
    if (role === 'row' && el.querySelector('[role="columnheader"]')) {
      for (const child of el.children) walk(child);
      return;
    }
    if (tag === 'tr') {
      // A plain table's row (the panes'): its header and data cells, a cell's buttons by name.
      const cells = [...el.querySelectorAll('th, td')].map((c) => {
        const buttons = [...c.querySelectorAll('button, a')].map((b) => b.getAttribute('aria-label') || clean(b.textContent)).filter(Boolean);
        return [clean(c.querySelector('button, a') ? '' : c.textContent), buttons.length ? `[${buttons.join(', ')}]` : ''].filter(Boolean).join(' ');
      });
      lines.push(`tr ${cells.join(' | ')}`);
      return;
    }
    if (role === 'row') {
      const cells = [...el.querySelectorAll('[role="gridcell"]')].map((c) => {
        const buttons = [...c.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')).filter(Boolean);
        return buttons.length ? `[${buttons.join(', ')}]` : clean(c.textContent);
      });
      lines.push(`row ${cells.join(' | ')}`);
      return;
    }
    if (tag === 'input' || tag === 'textarea') {
      const i = el as HTMLInputElement;
      const name = i.getAttribute('name');
      if (!name && i.type !== 'checkbox') return;
      const flags = [i.disabled && 'disabled', i.required && 'required', i.getAttribute('aria-invalid') === 'true' && 'invalid', (i.type === 'checkbox' || i.type === 'radio') && i.checked && 'checked']
        .filter(Boolean)
        .join(' ');
      const label = i.id ? clean(root.ownerDocument.querySelector(`label[for="${CSS.escape(i.id)}"]`)?.textContent) : '';
      const aria = i.getAttribute('aria-label');
      const value = i.type === 'checkbox' || i.type === 'radio' ? i.value : i.value;
      lines.push(`${i.type === 'checkbox' || i.type === 'radio' ? i.type : tag} name=${name ?? '-'}${label ? ` label="${label}"` : aria ? ` label="${aria}"` : ''} value="${value}"${flags ? ` ${flags}` : ''}`);
      return;
    }
    if (tag === 'button' || role === 'tab') {
      const text = clean(el.getAttribute('aria-label') || el.textContent);
      if (text && !el.closest('[role="gridcell"]')) lines.push(`${role === 'tab' ? 'tab' : 'button'} "${text}"${el.getAttribute('aria-current') ? ' current' : ''}${(el as HTMLButtonElement).disabled ? ' disabled' : ''}`);
      return;
    }
    if (['h1', 'h2', 'h3', 'legend'].includes(tag) || el.classList.contains('MuiFormLabel-root') && tag !== 'label') {
      lines.push(`${tag} "${clean(el.textContent)}"`);
      return;
    }
    if (el.getAttribute('data-testid') === 'field-error' || el.getAttribute('data-testid') === 'crud-total') {
      const field = el.getAttribute('data-field');
      lines.push(`${el.getAttribute('data-testid')}${field ? ` ${field}` : ''} "${clean(el.textContent)}"`);
      return;
    }
    for (const child of el.children) walk(child);
  };
  walk(root);
  return lines;
}

// --- Rendering ---------------------------------------------------------------------------------

const GRANTABLE = MENU_TREE.filter((g) => [1, 8].includes(g.id)).map((g) => ({
  id: g.id, path: g.path, names: g.names, children: (g.children ?? []).map((c) => ({ id: c.id, path: c.path, names: c.names })),
}));

/** The option fields dependent selects match (ui:options.filterBy): each sample option holds them, equal to its value. */
function filterByFields(decl: ScreenDeclaration): string[] {
  return Object.values((decl.form?.uiSchema ?? {}) as Record<string, { 'ui:options'?: { filterBy?: unknown } }>).flatMap((ui) => {
    const f = ui?.['ui:options']?.filterBy;
    return typeof f === 'string' ? [f] : f && typeof f === 'object' ? Object.keys(f) : [];
  });
}

export function stubApi(decl: ScreenDeclaration) {
  const linked = (value: number) => Object.fromEntries(filterByFields(decl).map((f) => [f, value]));
  const listPath = decl.api.list?.replace(/^GET /, '');
  // The record of a form screen (a get without placeholders): sample data of its form.
  // The record of a form screen or a crud edit (placeholders filled from the session or the row): sample data of its form.
  const recordPath = decl.api.get && decl.form ? new RegExp(`^${decl.api.get.replace(/^GET /, '').replace(/\{id\}/g, '\\d+').replace(/\{[^}]+\}/g, '[^/]+')}$`) : null;
  // Calls the fake has taken and not answered yet: a render is at rest when none is left.
  let pending = 0;
  const answer = (method: string, full: string) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: CONFIG };
    if (method === 'GET' && path === listPath) return { status: 200, body: listPage(decl) };
    if (method === 'GET' && path !== listPath && recordPath?.test(path)) return { status: 200, body: sampleOf(resolveForm(decl.form!).schema) };
    if (method === 'GET' && path === 'system/menu') return { status: 200, body: { Backend: GRANTABLE } };
    if (method === 'GET') {
      return {
        status: 200,
        body: [
          { value: 1, label: 'Option 1', names: { zh_TW: '選項一', en: 'Option 1' }, ...linked(1) },
          { value: 2, label: 'Option 2', names: { zh_TW: '選項二', en: 'Option 2' }, ...linked(2) },
        ],
      };
    }
    return undefined;
  };
  const fake = fakeFetch(async (method, full) => {
    pending++;
    try {
      await Promise.resolve();
      return answer(method, full);
    } finally {
      pending--;
    }
  });
  return { ...fake, pending: () => pending };
}

/** The form at rest: every call answered, no skeleton or spinner left. */
export async function atRest(root: HTMLElement, pending: () => number) {
  await waitFor(() => {
    expect(pending()).toBe(0);
    const busy = [...root.querySelectorAll('.MuiSkeleton-root, .MuiCircularProgress-root')].filter((el) => !el.closest('[data-testid="loading-mask"]'));
    expect(busy).toHaveLength(0);
    // A game template's live preview has mounted the consumer page's game (loaded on demand).
    for (const live of root.querySelectorAll('[data-testid="game-live-preview"]')) expect(live.querySelector('[data-game]')).not.toBeNull();
  });
}

/** The files' hooks: the time zone and the form widgets first; a clean slate after each test. */
export function setUpRenders(): void {
  vi.setConfig({ testTimeout: 60_000 });
  // Every wait has a deadline, not testing-library's 1 s: a lazy chunk (the date filter's
  // picker, the form's widgets) imported for the first time in this file takes longer than
  // that on a loaded machine.
  configure({ asyncUtilTimeout: 30_000 });
  beforeAll(async () => {
    process.env.TZ = 'Asia/Taipei';
    // The forms render here without their lazy chunk, which waits for the registered widgets
    // (src/engine/registry/widgets.ts): load them first, as the chunk would.
    await loadFormWidgets();
  }, 120_000);

  afterEach(() => {
    cleanup();
    sessionStore.clear();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
