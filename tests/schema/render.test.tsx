// @vitest-environment jsdom
/**
 * Every crud declaration rendered by the engine, in zh_TW and en: the list (over a stubbed
 * fetcher answering a fixed page built from the declaration's columns) and the add form
 * filled with sample data built from its schema. Each is reduced to a readable outline (what
 * the user sees and the test hooks: headers, cells, footer, field labels, input names, values,
 * options) and compared with the committed snapshot, so a declaration change shows as a
 * reviewable diff. Fixed time zone, dates and ids keep the snapshots stable.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ColumnDeclaration, ScreenDeclaration } from '../../src/domain/declarations';
import { loadDeclarations, resolveForm } from '../../src/domain/declarations';
import { ENUMS, FLAG_ENUMS, isEnumName, type EnumName } from '../../src/domain/enums';
import { MENU_TREE } from '../../src/domain/menu';
import { AppProviders } from '../../src/engine/app/App';
import { CrudForm } from '../../src/engine/crud/CrudForm';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { FormView } from '../../src/engine/crud/FormScreen';
import { createI18n } from '../../src/engine/i18n/i18n';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, user } from '../ui/harness';

vi.setConfig({ testTimeout: 60_000 });

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
const CRUD = loadDeclarations().filter((d) => d.kind === 'crud');
const FORMS = loadDeclarations().filter((d) => d.kind === 'form');

type Node = Record<string, unknown>;
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
function sampleOf(schema: unknown, key = ''): unknown {
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

function outline(root: Element): string[] {
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
    if (['h1', 'h2', 'legend'].includes(tag) || el.classList.contains('MuiFormLabel-root') && tag !== 'label') {
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

function stubApi(decl: ScreenDeclaration) {
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
async function atRest(root: HTMLElement, pending: () => number) {
  await waitFor(() => {
    expect(pending()).toBe(0);
    const busy = [...root.querySelectorAll('.MuiSkeleton-root, .MuiCircularProgress-root')].filter((el) => !el.closest('[data-testid="loading-mask"]'));
    expect(busy).toHaveLength(0);
  });
}

function renderWith(node: React.ReactNode, lang: string) {
  const i18n = createI18n(`?lang=${lang}`);
  return render(
    <AppProviders i18n={i18n} swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {node}
    </AppProviders>,
  );
}

beforeAll(() => {
  process.env.TZ = 'Asia/Taipei';
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe.each(CRUD.map((decl) => ({ id: decl.id, decl })))('$id', ({ decl }) => {
  it.each(['zh_TW', 'en'])('list (%s)', async (lang) => {
    sessionStore.signIn(user(), null);
    stubApi(decl);
    const view = renderWith(<CrudView decl={decl} />, lang);
    await waitFor(() => expect(view.container.querySelectorAll('.MuiDataGrid-row').length).toBe(10));
    await waitFor(() => expect(view.container.querySelector('.MuiDataGrid-overlay')).toBeNull());
    // Date filters: their picker (the form chunk's) has loaded.
    await waitFor(() => expect(view.container.querySelector('[data-date-filter-loading]')).toBeNull());
    expect(outline(view.container).join('\n')).toMatchSnapshot();
  });

  it.each(['zh_TW', 'en'])('add form with sample data (%s)', async (lang) => {
    // A view-only form (the app's sheets: modes ['view']) has no add form; its list is snapshot above.
    if (!decl.form || (decl.modes && !decl.modes.includes('add') && !decl.modes.includes('edit'))) return;
    sessionStore.signIn(user(), null);
    const { calls, pending } = stubApi(decl);
    const sample = sampleOf(resolveForm(decl.form).schema) as Node;
    // A screen that only edits (product info: its rows are the brand products) shows its edit form.
    const mode = decl.api.create ? 'add' : 'edit';
    renderWith(<CrudForm decl={decl} mode={mode} row={mode === 'edit' ? { id: 1, ...sample } : undefined} initialData={sample} onClose={() => {}} onModeChange={() => {}} onSaved={() => {}} />, lang);
    const dialog = await screen.findByTestId('crud-form');
    // Option sources answered, skeletons gone.
    await atRest(dialog, pending);
    const before = outline(dialog);
    expect(before.join('\n')).toMatchSnapshot();
    // The sample data passes the shared validator: saving posts it.
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST') || screen.queryByTestId('alert-modal') !== null).toBe(true));
    expect(outline(dialog).filter((l) => l.startsWith('field-error')).join('\n')).toMatchSnapshot();
  });
});

describe.each(FORMS.map((decl) => ({ id: decl.id, decl })))('$id', ({ decl }) => {
  it.each(['zh_TW', 'en'])('form screen with sample data (%s)', async (lang) => {
    sessionStore.signIn(user(), null);
    const { calls, pending } = stubApi(decl);
    const view = renderWith(<FormView decl={decl} />, lang);
    // A form with modes shows a saved record in view mode first: Edit opens it.
    if (decl.modes?.includes('view')) fireEvent.click(await screen.findByTestId('form-edit'));
    await screen.findByTestId('form-save');
    await waitFor(() => expect(view.container.querySelector('[data-testid="form-loading"]')).toBeNull());
    await atRest(view.container, pending);
    expect(outline(view.container).join('\n')).toMatchSnapshot();
    // The sample record passes the shared validator: saving posts it.
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' || c.method === 'PUT') || screen.queryByTestId('alert-modal') !== null).toBe(true));
    expect(outline(view.container).filter((l) => l.startsWith('field-error')).join('\n')).toMatchSnapshot();
  });
});
