/**
 * The engine features the system module's declarations use, over a faked /v1:
 *  - a row action with an `input` (client delete with a reason): confirm, then the small form
 *    checked by the shared validator, its data as the body;
 *  - `ui:options.visibleIf` (the client's domain only when the domain type is not General):
 *    hidden fields are neither shown, checked nor sent;
 *  - the create answer's several values with their labels and one copy button;
 *  - a `kind: "form"` screen (other settings): load, Save (create 201 / update 200), 1801 in the
 *    Fail modal, the config read again after a save;
 *  - a `kind: "custom"` screen and its pane (help documents): upload and clear per function and
 *    language;
 *  - the help button of the breadcrumb bar (config `document`);
 *  - the screen registry by kind, the pane registry.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { CustomView } from '../../src/engine/crud/CustomScreen';
import { FormView } from '../../src/engine/crud/FormScreen';
import { screenPaths } from '../../src/app/registerAll';
import { hiddenPaths, hideFields, withoutPaths } from '../../src/engine/crud/schemaForm';
import { secretEntriesOf, valueLabelKey } from '../../src/engine/crud/ResultDialog';
import { paneFor } from '../../src/engine/registry/panes';
import { PANE_NAMES } from '../../src/panes/names';
import { screenFor } from '../../src/engine/routes/declaredScreens';
import { MENU_TREE } from '../../src/domain/menu';
import { applyLogic } from '../../src/domain/validation/index';
import { timezoneChoices } from '../../src/widgets/ConfigWidgets';
import { previewSize } from '../../src/widgets/UploadWidget';
import { useOptionSource } from '../../src/engine/crud/useOptionSource';
import '../../src/app/registerAll';
import { config, fakeFetch, menuOf, renderApp, signedIn, withProviders, type Reply } from './harness';
import { DOCUMENT_GROUPS } from '../support/paneSamples';

vi.setConfig({ testTimeout: 30_000 });

const CLIENT = declaration('system.client');
const OTHER = declaration('system.other');
const DOCUMENT = declaration('system.document');

type Call = { method: string; path: string; body?: string };
const bodyOf = (c: Call | undefined) => (c?.body ? JSON.parse(c.body) : undefined);

const AT = '2025-01-15T02:30:00.000Z';

function clientRow(id: number, code: string) {
  return { id, names: { zh_TW: `客戶 ${id}`, en: `Client ${id}` }, code, functions: 6, proxyType: 1, domainType: 1, defaultLanguage: 'zh_TW', status: 1, createdAt: AT };
}

/** A fake /v1 for the client screen: a list of two, the create answer, the delete. */
function clientApi(next: Map<string, Reply> = new Map()) {
  const rows = [clientRow(5, 'acme'), clientRow(6, 'globex')];
  return fakeFetch((method, full, init) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) {
      return {
        status: 200,
        body: config({
          locations: [{ id: 517, parentId: null, name: 'TW', names: { zh_TW: '台灣', zh_CN: '台湾', en: 'Taiwan' } }],
        }),
      };
    }
    const key = `${method} ${path}`;
    if (next.has(key)) {
      const reply = next.get(key)!;
      next.delete(key);
      return reply;
    }
    if (method === 'GET' && path === 'system/client') return { status: 200, body: { items: rows, total: rows.length } };
    const one = /^system\/client\/(\d+)$/.exec(path);
    if (one && method === 'POST') {
      const i = rows.findIndex((r) => r.id === Number(one[1]));
      rows.splice(i, 1);
      return { status: 204 };
    }
    if (method === 'POST' && path === 'system/client') {
      const body = JSON.parse(String(init.body));
      return { status: 201, body: { id: 9, clientCode: body.code, activationCode: 'ABCDEFGH23456789', account: 'admin', defaultPassword: 'Qw3rty78' } };
    }
    return undefined;
  });
}

describe('row action with an input: delete a client with a reason', () => {
  it('confirms, asks the reason (required, checked by the shared validator), sends it as the body, tells success and reloads', async () => {
    const { calls } = clientApi();
    signedIn(null);
    withProviders(<CrudView decl={CLIENT} />, 'en');
    await screen.findByText('acme');
    const button = screen.getByTestId('row-remove-5');
    expect(button).toHaveAccessibleName('Delete');

    fireEvent.click(button);
    const ask = await screen.findByTestId('confirm-modal');
    expect(ask).toHaveTextContent('Delete the client "acme"?');
    fireEvent.click(within(ask).getByTestId('modal-confirm'));

    const dialog = await screen.findByTestId('action-input', {}, { timeout: 30_000 });
    expect(dialog).toHaveTextContent('Delete client');
    const reason = dialog.querySelector<HTMLTextAreaElement>('textarea[name="reason"]')!;
    expect(reason).toHaveAttribute('placeholder', 'Why is this client deleted? (up to 200 characters)');
    fireEvent.click(within(dialog).getByTestId('action-input-submit'));
    const invalid = await screen.findByTestId('alert-modal');
    expect(dialog.querySelector('[data-testid="field-error"][data-field="reason"]')).toHaveTextContent('This field is required.');
    fireEvent.click(within(invalid).getByTestId('modal-confirm'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByTestId('action-input-submit'));
    fireEvent.click(within(await screen.findByTestId('alert-modal')).getByTestId('modal-confirm'));
    expect(dialog.querySelector('[data-testid="field-error"][data-field="reason"]')).toHaveTextContent('200');

    fireEvent.change(reason, { target: { value: 'Contract ended' } });
    await waitFor(() => expect(dialog.querySelector('[data-testid="field-error"]')).toBeNull());
    const listCalls = calls.filter((c) => c.method === 'GET' && c.path.startsWith('system/client?')).length;
    fireEvent.click(within(dialog).getByTestId('action-input-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'system/client/5')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.path === 'system/client/5'))).toEqual({ reason: 'Contract ended' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Deleted successfully');
    await waitFor(() => expect(screen.queryByTestId('action-input')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('system/client?')).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByText('acme')).toBeNull());
  });

  it('cancelling the input calls nothing; a server field error lands on the field', async () => {
    const next = new Map<string, Reply>([['POST system/client/6', { status: 400, body: { code: 1, message: 'Bad', data: { reason: { key: 'max', params: { length: 200 } } } } }]]);
    const { calls } = clientApi(next);
    signedIn(null);
    withProviders(<CrudView decl={CLIENT} />, 'en');
    await screen.findByText('globex');
    fireEvent.click(screen.getByTestId('row-remove-6'));
    fireEvent.click(within(await screen.findByTestId('confirm-modal')).getByTestId('modal-confirm'));
    let dialog = await screen.findByTestId('action-input', {}, { timeout: 30_000 });
    fireEvent.click(within(dialog).getByTestId('action-input-cancel'));
    await waitFor(() => expect(screen.queryByTestId('action-input')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('row-remove-6'));
    fireEvent.click(within(await screen.findByTestId('confirm-modal')).getByTestId('modal-confirm'));
    dialog = await screen.findByTestId('action-input');
    fireEvent.change(dialog.querySelector('textarea[name="reason"]')!, { target: { value: 'Because' } });
    fireEvent.click(within(dialog).getByTestId('action-input-submit'));
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent('Some fields failed validation');
    expect(dialog.querySelector('[data-testid="field-error"][data-field="reason"]')).toHaveTextContent('200');
    expect(screen.getByTestId('action-input')).toBeInTheDocument();
  });
});

describe('option sources after a write', () => {
  type Category = { id: number; names: Record<string, string> };
  /** A category list, the option source a select reads its categories from, and how the source answers them. */
  const cases: { name: string; list: string; path: string; source: string; answer: (c: Category) => unknown }[] = [
    {
      name: 'reads the sources below the list path again, so a select offers what was just added',
      list: 'system.announcement-category', path: 'system/announcement/category', source: 'system/announcement/category/options',
      answer: (c) => ({ value: c.id, label: c.names.en }),
    },
    {
      name: 'reads a source beside the list path again (the categories of the product master, with their products)',
      list: 'marketing.product-category', path: 'marketing/product/category', source: 'marketing/product/category-detail',
      answer: (c) => ({ id: c.id, names: c.names, enable: true, products: [] }),
    },
  ];

  for (const { name, list, path: listPath, source, answer } of cases) {
    it(name, async () => {
      const categories: { id: number; names: Record<string, string>; enable: boolean; createdAt: string }[] = [];
      const { calls } = fakeFetch((method, full, init) => {
        const path = full.split('?')[0];
        if (path.startsWith('Config/')) return { status: 200, body: config() };
        if (path === source) return { status: 200, body: categories.map(answer) };
        if (method === 'GET' && path === listPath) return { status: 200, body: { items: categories, total: categories.length } };
        if (method === 'POST' && path === listPath) {
          const body = JSON.parse(String(init.body));
          categories.push({ id: 7, names: body.names, enable: true, createdAt: AT });
          return { status: 201, body: categories[0] };
        }
        return undefined;
      });
      function OptionsProbe() {
        const { options } = useOptionSource(`GET ${source}`);
        return <div data-testid="probe">{options.map((o) => o.label).join(',')}</div>;
      }
      signedIn(null);
      withProviders(
        <>
          <CrudView decl={declaration(list)} />
          <OptionsProbe />
        </>,
        'en',
      );
      await waitFor(() => expect(calls.some((c) => c.path === source)).toBe(true));
      expect(screen.getByTestId('probe')).toHaveTextContent('');
      fireEvent.click(await screen.findByTestId('crud-add'));
      const dialog = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
      fireEvent.change(dialog.querySelector('input[name="names.zh_TW"]')!, { target: { value: '系統' } });
      fireEvent.change(dialog.querySelector('input[name="names.en"]')!, { target: { value: 'System' } });
      fireEvent.click(within(dialog).getByTestId('crud-form-save'));
      await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('System'));
    });
  }
});

describe('client form: conditional domain, the create answer with labels', () => {
  it('shows the domain only when the domain type is not General, and sends it only then', async () => {
    const { calls } = clientApi();
    signedIn(null);
    withProviders(<CrudView decl={CLIENT} />, 'en');
    fireEvent.click(await screen.findByTestId('crud-add'));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
    const domain = () => dialog.querySelector<HTMLInputElement>('input[name="domain"]');
    // Not shown: a field hidden by its condition is not rendered at all (no hidden input).
    expect(domain()).toBeNull();
    fireEvent.click(dialog.querySelector('input[name="domainType"][value="3"]')!);
    await waitFor(() => expect(domain()).toHaveAttribute('type', 'text'));
    fireEvent.change(domain()!, { target: { value: 'brand.example.com' } });
    fireEvent.click(dialog.querySelector('input[name="domainType"][value="1"]')!);
    await waitFor(() => expect(domain()).toBeNull());

    const set = (name: string, value: string) => fireEvent.change(dialog.querySelector(`input[name="${name}"]`)!, { target: { value } });
    set('names.zh_TW', '頂尖公司');
    set('code', 'acme2');
    fireEvent.click(dialog.querySelector('input[name="functions"][value="2"]')!);
    set('contacts.primary.name', 'Amy');
    set('contacts.primary.email', 'amy@example.com');
    set('contacts.primary.phone', '0912345678');
    // Dial code and country: searchable selects.
    const dial = dialog.querySelector<HTMLInputElement>('input[name="contacts.primary.phoneCountryCode"]')!;
    fireEvent.change(dial, { target: { value: '886' } });
    fireEvent.click(await screen.findByRole('option', { name: /\+886/ }));
    const country = dialog.querySelector<HTMLInputElement>('input[name="country"]')!;
    fireEvent.change(country, { target: { value: 'Tai' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Taiwan' }));

    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'system/client')).toBe(true));
    const body = bodyOf(calls.find((c) => c.method === 'POST' && c.path === 'system/client'));
    expect(body).toMatchObject({ code: 'acme2', functions: 2, domainType: 1, country: 517 });
    expect(body).not.toHaveProperty('domain');

    const result = await screen.findByTestId('result-modal');
    expect(within(result).getByTestId('result-value-clientCode')).toHaveTextContent('acme2');
    expect(within(result).getByTestId('result-value-activationCode')).toHaveTextContent('ABCDEFGH23456789');
    expect(within(result).getByTestId('result-value-account')).toHaveTextContent('admin');
    expect(within(result).getByTestId('result-value-defaultPassword')).toHaveTextContent('Qw3rty78');
    expect(result).toHaveTextContent('Activation code');
    expect(result).toHaveTextContent('Default password');
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (s: string) => { copied = s; } }, configurable: true });
    await act(async () => fireEvent.click(within(result).getByTestId('result-copy')));
    expect(copied).toBe('Client code: acme2\nActivation code: ABCDEFGH23456789\nAdministrator account: admin\nDefault password: Qw3rty78');
  });

  it('the list shows the functions as chips and the language by its name', async () => {
    clientApi();
    signedIn(null);
    withProviders(<CrudView decl={CLIENT} />, 'en');
    await screen.findByText('acme');
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveTextContent('Marketing');
    expect(row).toHaveTextContent('Members');
    expect(row).not.toHaveTextContent('Logistics');
    expect(row).toHaveTextContent('繁體中文');
  });
});

describe('visibleIf and result helpers (pure)', () => {
  const ui = {
    domain: { 'ui:options': { visibleIf: { '!=': [{ var: 'domainType' }, 1] } } },
    contacts: { secondary: { 'ui:options': { visibleIf: { var: 'more' } } } },
  };
  const evaluate = (logic: unknown, data: unknown) => applyLogic(logic, data);

  it('lists the hidden fields, hides them in the uiSchema and leaves them out of the data', () => {
    expect(hiddenPaths(ui, { domainType: 1 }, evaluate)).toEqual(['domain', 'contacts.secondary']);
    expect(hiddenPaths(ui, { domainType: 2, more: true }, evaluate)).toEqual([]);
    const hidden = hideFields({ domain: { 'ui:placeholder': 'x' }, names: { 'ui:field': 'names' } }, ['domain', 'names']);
    expect(hidden).toEqual({ domain: { 'ui:placeholder': 'x', 'ui:widget': 'hidden' }, names: { 'ui:widget': 'hidden' } });
    expect(withoutPaths({ domain: 'a.com', contacts: { primary: { name: 'A' }, secondary: { name: 'B' } } }, ['domain', 'contacts.secondary'])).toEqual({
      contacts: { primary: { name: 'A' } },
    });
    // A condition that cannot be judged keeps the field.
    expect(hiddenPaths({ a: { 'ui:options': { visibleIf: { nope: [1] } } } }, {}, evaluate)).toEqual([]);
  });

  it('names each value an answer brought, with its label key', () => {
    const text = 'Code {{clientCode}}, account {{account}}, password {{defaultPassword}}, again {{clientCode}}';
    expect(secretEntriesOf(text, { code: 'x' }, { clientCode: 'x', account: 'admin', defaultPassword: 'P' })).toEqual([
      { name: 'clientCode', value: 'x' },
      { name: 'account', value: 'admin' },
      { name: 'defaultPassword', value: 'P' },
    ]);
    expect(valueLabelKey('screens.client.createResult', 'account')).toBe('screens.client.account');
  });

  it('does not repeat an offset the config names carry; sizes image previews by the required proportions', () => {
    const cfg = config({ timezoneInfo: [{ id: 103, zone: 'Asia/Taipei', offset: 480, names: { zh_TW: '(UTC+08:00) 台北', zh_CN: '(UTC+08:00) 台北', en: '(UTC+08:00) Taipei' } }] });
    expect(timezoneChoices(cfg, 'en').map((c) => c.label)).toEqual(['(UTC+08:00) Taipei']);
    expect(previewSize({ width: 162, height: 38 })).toEqual({ width: 162, height: 38 });
    expect(previewSize({ width: 1280, height: 768 })).toEqual({ width: 288, height: 173 });
    expect(previewSize({})).toEqual({ width: 112, height: 84 });
  });
});

// --- kind: "form" ----------------------------------------------------------------------------

function otherApi(initial: Record<string, unknown>, next: Map<string, Reply> = new Map()) {
  let record = { ...initial };
  return fakeFetch((method, full, init) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: config({ logo: (record.logo as string) ?? null }) };
    const key = `${method} ${path}`;
    if (next.has(key)) {
      const reply = next.get(key)!;
      next.delete(key);
      return reply;
    }
    if (method === 'GET' && path === 'System/other') return { status: 200, body: record };
    if (method === 'POST' && path === 'System/other') {
      const body = JSON.parse(String(init.body));
      const created = body.id === undefined;
      record = { id: 3, forgotPasswordHint: null, loginBackground: null, logo: null, ...body, ...(created ? { id: 3 } : {}) };
      return { status: created ? 201 : 200, body: record };
    }
    return undefined;
  });
}

describe('kind "form": other settings', () => {
  it('loads the record, saves without an id first (201), then with it (200), tells success, reads the record and the config again', async () => {
    const { calls } = otherApi({ id: null, forgotPasswordHint: null, loginBackground: null, logo: null });
    signedIn(null);
    withProviders(<FormView decl={OTHER} />, 'en');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Other settings');
    expect(screen.getByTestId('page-description')).toHaveTextContent('logo of the top bar');
    const hint = await screen.findByRole('textbox', { name: 'Forgot-password hint' }, { timeout: 30_000 });
    expect(hint).toHaveAttribute('name', 'forgotPasswordHint');
    expect(screen.getByTestId('upload-logo')).toHaveTextContent('exactly 162x38 px');
    expect(screen.getByTestId('upload-loginBackground')).toHaveTextContent('exactly 1280x768 px');

    fireEvent.change(hint, { target: { value: 'Call IT' } });
    expect(screen.getByTestId('form-undo')).toBeInTheDocument();
    const configReads = () => calls.filter((c) => c.path.startsWith('Config/tenant')).length;
    const before = configReads();
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Saved successfully');
    const first = calls.filter((c) => c.method === 'POST' && c.path === 'System/other');
    expect(first).toHaveLength(1);
    expect(bodyOf(first[0])).toEqual({ forgotPasswordHint: 'Call IT' });
    await waitFor(() => expect(configReads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('form-undo')).toBeNull());
    // The record read again carries the id: the next save updates.
    await waitFor(() => expect(document.querySelector('input[name="id"]')).toHaveValue('3'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Forgot-password hint' }), { target: { value: 'Call IT, ext. 9' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === 'System/other')).toHaveLength(2));
    expect(bodyOf(calls.filter((c) => c.method === 'POST' && c.path === 'System/other')[1])).toEqual({ id: 3, forgotPasswordHint: 'Call IT, ext. 9' });
  });

  it('keeps what the user changed while the saved record was being read again', async () => {
    let release: () => void = () => {};
    let holdReads = false;
    let readHeld = false;
    const gate = () => new Promise<void>((r) => (release = r));
    const record = { id: 3, forgotPasswordHint: 'Old', loginBackground: null, logo: null };
    fakeFetch(async (method, full, init) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'GET' && path === 'System/other') {
        if (holdReads) {
          readHeld = true;
          await gate();
        }
        return { status: 200, body: record };
      }
      if (method === 'POST' && path === 'System/other') {
        Object.assign(record, JSON.parse(String(init.body)));
        holdReads = true;
        return { status: 200, body: record };
      }
      return undefined;
    });
    signedIn(null);
    withProviders(<FormView decl={OTHER} />, 'en');
    const hint = await screen.findByRole('textbox', { name: 'Forgot-password hint' }, { timeout: 30_000 });
    fireEvent.change(hint, { target: { value: 'Saved text' } });
    fireEvent.click(screen.getByTestId('form-save'));
    // The saved record is being read again (its answer held).
    await waitFor(() => expect(readHeld).toBe(true));
    // Typed while the record is read again: kept after the reload.
    fireEvent.change(screen.getByRole('textbox', { name: 'Forgot-password hint' }), { target: { value: 'Newer text' } });
    release();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Saved successfully');
    expect(screen.getByRole('textbox', { name: 'Forgot-password hint' })).toHaveValue('Newer text');
    expect(screen.getByTestId('form-undo')).toBeInTheDocument();
  });

  it('shows 1801 in the Fail modal and keeps what the user typed; Undo goes back to the record', async () => {
    const next = new Map<string, Reply>([['POST System/other', { status: 400, body: { code: 1801, message: 'exists' } }]]);
    otherApi({ id: null, forgotPasswordHint: 'Old hint', loginBackground: null, logo: null }, next);
    signedIn(null);
    withProviders(<FormView decl={OTHER} />, 'en');
    const hint = await screen.findByRole('textbox', { name: 'Forgot-password hint' }, { timeout: 30_000 });
    expect(hint).toHaveValue('Old hint');
    fireEvent.change(hint, { target: { value: 'New hint' } });
    fireEvent.click(screen.getByTestId('form-save'));
    const fail = await screen.findByTestId('fail-modal');
    expect(fail).toHaveTextContent('(1801)');
    fireEvent.click(within(fail).getByTestId('modal-confirm'));
    expect(screen.getByRole('textbox', { name: 'Forgot-password hint' })).toHaveValue('New hint');
    fireEvent.click(screen.getByTestId('form-undo'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Forgot-password hint' })).toHaveValue('Old hint'));
  });
});

// --- kind: "custom", pane helpDocuments --------------------------------------------------------


function documentApi() {
  const groups = structuredClone(DOCUMENT_GROUPS);
  return fakeFetch((method, full, init) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && path === 'System/document') return { status: 200, body: groups };
    if (method === 'POST' && path === 'Files') return { status: 201, body: [{ url: '/files/bbbb.pdf', name: 'guide.pdf', size: 10, type: 'application/pdf' }] };
    if (method === 'POST' && path === 'System/document') {
      const body = JSON.parse(String(init.body));
      const fn = groups[0].children.find((c) => c.id === body.menuId)!;
      const urls: Record<string, string> = { ...fn.urls };
      if (body.url) urls[body.lang] = body.url;
      else delete urls[body.lang];
      fn.urls = urls;
      return { status: 200, body: fn };
    }
    return undefined;
  });
}

describe('kind "custom": the help documents pane', () => {
  const node = MENU_TREE[0].children!.find((c) => c.id === 15)!;

  it('lists one row per function and a cell per language; uploads a PDF and clears one, each a POST of { menuId, lang, url }', async () => {
    const { calls } = documentApi();
    signedIn(null);
    withProviders(<CustomView decl={DOCUMENT} node={node} />, 'en');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Help documents');
    const row = await screen.findByTestId('doc-row-9', {}, { timeout: 30_000 });
    expect(row).toHaveTextContent('Staff roles');
    expect(screen.getByTestId('doc-group-1')).toHaveTextContent('System');
    expect(within(screen.getByTestId('doc-cell-9-en')).getByTestId('doc-open-9-en')).toHaveAttribute('href', '/files/aaaa.pdf');
    expect(within(screen.getByTestId('doc-cell-9-en')).getByTestId('doc-open-9-en')).toHaveAttribute('target', '_blank');
    expect(within(screen.getByTestId('doc-cell-10-zh_TW')).queryByTestId('doc-open-10-zh_TW')).toBeNull();
    expect(screen.getByTestId('doc-upload-10-zh_TW')).toHaveTextContent('Upload PDF');
    expect(screen.getByTestId('doc-upload-9-en')).toHaveTextContent('Replace');

    // A wrong type is refused in the browser: the upload-failed dialog, no call.
    const input = screen.getByTestId('doc-upload-10-zh_TW-input');
    expect(input).toHaveAttribute('accept', '.pdf');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'guide.png', { type: 'image/png' })] } });
    });
    const failed = await screen.findByTestId('alert-modal');
    expect(failed).toHaveTextContent('Upload failed');
    fireEvent.click(within(failed).getByTestId('modal-confirm'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'System/document')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.path === 'System/document'))).toEqual({ menuId: 10, lang: 'zh_TW', url: '/files/bbbb.pdf' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('The document was saved');
    await waitFor(() => expect(screen.getByTestId('doc-open-10-zh_TW')).toHaveAttribute('href', '/files/bbbb.pdf'));

    fireEvent.click(screen.getByTestId('doc-clear-9-en'));
    const ask = await screen.findByTestId('confirm-modal');
    expect(ask).toHaveTextContent('Remove the English document of "Staff roles"?');
    fireEvent.click(within(ask).getByTestId('modal-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === 'System/document')).toHaveLength(2));
    expect(bodyOf(calls.filter((c) => c.method === 'POST' && c.path === 'System/document')[1])).toEqual({ menuId: 9, lang: 'en' });
    await waitFor(() => expect(screen.queryByTestId('doc-open-9-en')).toBeNull());
  });
});

// --- The help button and the registries ---------------------------------------------------------

describe('help button of the breadcrumb bar', () => {
  function withDocuments(document: Record<string, Record<string, string>>) {
    fakeFetch((_method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/')) return { status: 200, body: config({ document }) };
      if (path === 'system/menu/nested') return { status: 200, body: { Backend: menuOf([1, 9, 10]) } };
      if (path === 'system/role') return { status: 200, body: { items: [], total: 0 } };
      if (path === 'system/employee') return { status: 200, body: { items: [], total: 0 } };
      if (path === 'system/announcement/Home') return { status: 200, body: [] };
      if (path === 'System/user') return { status: 200, body: { account: 'admin', name: 'Admin', roleName: 'Admin' } };
      if (path === 'Report/exportReportAmount') return { status: 200, body: { amount: 0 } };
      return undefined;
    });
  }

  it('opens the document of the function in the user\'s language (fallback zh_TW) in a new tab; none elsewhere', async () => {
    withDocuments({ '9': { zh_TW: '/files/tw.pdf', en: '/files/en.pdf' }, '10': { zh_TW: '/files/staff.pdf' } });
    signedIn(menuOf([1, 9, 10]));
    const { router } = renderApp('/system/role', { lang: 'en' });
    const help = await screen.findByTestId('help-document', {}, { timeout: 30_000 });
    expect(help).toHaveTextContent('Help document');
    expect(help).toHaveAttribute('href', '/files/en.pdf');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await act(() => router.navigate('/system/employee'));
    await waitFor(() => expect(screen.getByTestId('help-document')).toHaveAttribute('href', '/files/staff.pdf'));
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(screen.queryByTestId('help-document')).toBeNull());
  });

  it('shows nothing for a function without a document', async () => {
    withDocuments({ '10': { zh_TW: '/files/staff.pdf' } });
    signedIn(menuOf([1, 9, 10]));
    const { router } = renderApp('/system/role', { lang: 'zh_TW' });
    const roleName = (await screen.findByTestId('breadcrumb-current')).textContent!;
    // The employee screen's document shows once the tenant's documents are known ...
    await act(() => router.navigate('/system/employee'));
    await screen.findByTestId('help-document', {}, { timeout: 30_000 });
    // ... and the role screen, which has none, then shows nothing.
    await act(() => router.navigate('/system/role'));
    await waitFor(() => expect(screen.getByTestId('breadcrumb-current')).toHaveTextContent(roleName));
    expect(screen.queryByTestId('help-document')).toBeNull();
  });
});

describe('registries', () => {
  it('registers a screen for every declared crud, form and custom path', () => {
    expect(screenPaths('form')).toContain('/system/other');
    expect(screenPaths('custom')).toContain('/system/document');
    expect(screenPaths('crud')).toEqual(expect.arrayContaining(['/system/client', '/system/announcement']));
    for (const path of ['/system/other', '/system/document', '/system/client', '/system/announcement']) expect(screenFor(path), path).toBeDefined();
  });

  it('registers every pane of names.ts', () => {
    for (const name of PANE_NAMES) expect(paneFor(name), name).toBeDefined();
    expect(paneFor('nope')).toBeUndefined();
  });
});
