/**
 * Rules the server answers with a catalogue code are checked by the form first, from the same
 * src/domain rule (declaration rules with `code`): the message shows on its field and nothing
 * is sent. Code package keywords (4101-4105, src/domain/codeKeywords.ts) and the supplier's
 * telephone or mobile (1501, src/domain/partners.ts). The server's refusals stay: tests/api
 * codes.test.ts and partners.test.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, fieldInput, pickOption, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

function api() {
  return fakeFetch((method, full) => {
    const path = full.split('?')[0];
    if (method === 'GET' && (path === 'Code/package' || path === 'system/supplier')) return { status: 200, body: { items: [], total: 0 } };
    if (method === 'GET' && path === 'Product/customers') return { status: 200, body: [{ value: 11, label: 'Acme', names: { en: 'Acme' } }] };
    if (method === 'GET' && path === 'Product/packaging/options') return { status: 200, body: [{ groupName: { en: 'Acme' }, groupItems: [{ value: 101, label: 'A-1 Bottle', clientId: 11 }] }] };
    if (method === 'GET' && path === 'system/partner/warehouses') return { status: 200, body: [] };
    if (method === 'GET' && path === 'system/partner/grantable') return { status: 200, body: { flags: 7 } };
    if (method === 'GET' && path.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'POST') return { status: 201, body: { id: 1 } };
    return undefined;
  });
}

async function openAdd(id: string, lang = 'en') {
  signedIn(null);
  withProviders(<CrudView decl={declaration(id)} />, lang);
  fireEvent.click(await screen.findByTestId('crud-add', {}, { timeout: 30_000 }));
  return screen.findByTestId('crud-form', {}, { timeout: 30_000 });
}

const input = fieldInput;
const fieldError = (dialog: HTMLElement, path: string) => dialog.querySelector(`[data-testid="field-error"][data-field="${path}"]`);
const pick = pickOption;
const addKeywords = (dialog: HTMLElement, words: string[]) => {
  const keywords = input(dialog, 'keywords');
  for (const w of words) {
    fireEvent.change(keywords, { target: { value: w } });
    fireEvent.keyDown(keywords, { key: 'Enter' });
  }
};
const save = async (dialog: HTMLElement) => {
  fireEvent.click(within(dialog).getByTestId('crud-form-save'));
  fireEvent.click(within(await screen.findByTestId('alert-modal')).getByTestId('modal-confirm'));
};
const posted = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST').length;

describe('code package keyword settings in the form', () => {
  it('says on the field what the server would refuse (4102, 4101, 4103) and sends nothing', async () => {
    const { calls } = api();
    const dialog = await openAdd('code.package');
    await pick(dialog, 'clientId', 'Acme');
    await pick(dialog, 'packagingMaterialId', 'A-1 Bottle');
    fireEvent.change(input(dialog, 'quantity'), { target: { value: '6' } });
    addKeywords(dialog, ['Spring', 'Summer']);
    await waitFor(() => expect(dialog).toHaveTextContent('Entered: 2'));

    // 4102: keywords without an interval.
    await save(dialog);
    expect(fieldError(dialog, 'keywordInterval')).toHaveTextContent('Enter how many codes each keyword marks.');
    // 4101: 2 keywords x 2 is not 6.
    fireEvent.change(input(dialog, 'keywordInterval'), { target: { value: '2' } });
    await waitFor(() => expect(fieldError(dialog, 'keywordInterval')).toHaveTextContent('Keywords × interval must equal the quantity (6).'));
    // 4103: more than the quantity.
    fireEvent.change(input(dialog, 'keywordInterval'), { target: { value: '7' } });
    await waitFor(() => expect(fieldError(dialog, 'keywordInterval')).toHaveTextContent('Must be a whole number from 1 to the quantity (6).'));
    expect(posted(calls)).toBe(0);

    // Right: 2 x 3 = 6, sent.
    fireEvent.change(input(dialog, 'keywordInterval'), { target: { value: '3' } });
    await waitFor(() => expect(fieldError(dialog, 'keywordInterval')).toBeNull());
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(posted(calls)).toBe(1));
  });

  it('an interval without keywords: 4104 on the keywords, in zh_TW', async () => {
    const { calls } = api();
    const dialog = await openAdd('code.package', 'zh_TW');
    fireEvent.change(input(dialog, 'quantity'), { target: { value: '6' } });
    fireEvent.change(input(dialog, 'keywordInterval'), { target: { value: '3' } });
    await save(dialog);
    expect(fieldError(dialog, 'keywords')).toHaveTextContent('請填寫此間隔的關鍵字。');
    expect(posted(calls)).toBe(0);
  });
});

describe('supplier telephone or mobile in the form', () => {
  it('neither given: 1501 on the telephone before sending; a telephone is enough', async () => {
    const { calls } = api();
    const dialog = await openAdd('system.supplier');
    fireEvent.change(input(dialog, 'account'), { target: { value: 'acme-01' } });
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Acme' } });
    await save(dialog);
    expect(fieldError(dialog, 'telephone')).toHaveTextContent('Enter a mobile phone or a landline number.');
    expect(posted(calls)).toBe(0);
    fireEvent.change(input(dialog, 'telephone'), { target: { value: '0223456789' } });
    await waitFor(() => expect(fieldError(dialog, 'telephone')).toBeNull());
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(posted(calls)).toBe(1));
  });
});
