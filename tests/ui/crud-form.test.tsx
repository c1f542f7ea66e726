/**
 * The form dialog of a crud declaration: validation on submit first, then on every change;
 * the invalid-form modal and the focus on the first invalid field; server field errors;
 * view mode read-only; edit mode (read-only fields, the body with the id); the create answer
 * shown once; widgets (menuTree, multiSelect, select, radio, dialCode, phone) named by path.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { fakeApi, makeEmployees, makeRoles } from './crudFake';
import { config, fakeFetch, fieldInput, pickOption, signedIn, withProviders } from './harness';

// The first dialog of a run loads the form chunk (RJSF, the validator): allow for it.
vi.setConfig({ testTimeout: 30_000 });

const ROLE = declaration('system.role');
const EMPLOYEE = declaration('system.employee');

async function openAdd(decl = ROLE, lang = 'en') {
  signedIn(null);
  withProviders(<CrudView decl={decl} />, lang);
  fireEvent.click(await screen.findByTestId('crud-add'));
  const dialog = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
  return dialog;
}

const input = fieldInput;
const fieldError = (dialog: HTMLElement, path: string) => dialog.querySelector(`[data-testid="field-error"][data-field="${path}"]`);

describe('crud form: validation', () => {
  it('an invalid submit marks the fields, opens the invalid-form modal (confirm only) and focuses the first invalid field', async () => {
    const api = fakeApi();
    const dialog = await openAdd();
    // Menu groups loaded into the tree.
    await within(dialog).findByTestId('menu-group-1');
    expect(fieldError(dialog, 'name')).toBeNull();

    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    const modal = await screen.findByTestId('alert-modal');
    expect(modal).toHaveTextContent('Some fields failed validation. Please check the form again.');
    expect(within(modal).queryByTestId('modal-cancel')).toBeNull();
    expect(fieldError(dialog, 'name')).toHaveTextContent('This field is required.');
    expect(fieldError(dialog, 'type')).toHaveTextContent('This field is required.');
    expect(fieldError(dialog, 'functions')).toHaveTextContent('This field is required.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(modal).getByTestId('modal-confirm'));
    await waitFor(() => expect(document.activeElement).toBe(input(dialog, 'name')));
  });

  it('after the first submit, errors follow every change and clear as the user corrects', async () => {
    fakeApi();
    const dialog = await openAdd();
    await within(dialog).findByTestId('menu-group-1');
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    fireEvent.click(within(await screen.findByTestId('alert-modal')).getByTestId('modal-confirm'));

    fireEvent.change(input(dialog, 'name'), { target: { value: 'Auditors' } });
    await waitFor(() => expect(fieldError(dialog, 'name')).toBeNull());
    expect(fieldError(dialog, 'functions')).not.toBeNull();

    // Checking one function clears the functions error; emptying the name brings its error back.
    fireEvent.click(dialog.querySelector('input[name="functions"][value="10"]')!);
    await waitFor(() => expect(fieldError(dialog, 'functions')).toBeNull());
    fireEvent.change(input(dialog, 'name'), { target: { value: '' } });
    await waitFor(() => expect(fieldError(dialog, 'name')).toHaveTextContent('This field is required.'));
  });

  it('before the first submit, typing shows no errors (validate on submit first)', async () => {
    fakeApi();
    const dialog = await openAdd();
    fireEvent.change(input(dialog, 'name'), { target: { value: 'x' } });
    fireEvent.change(input(dialog, 'name'), { target: { value: '' } });
    // The form took both changes (validation runs in the change itself, not on a timer).
    await act(async () => {});
    expect(input(dialog, 'name')).toHaveValue('');
    expect(dialog.querySelectorAll('[data-testid="field-error"]').length).toBe(0);
  });

  it('Enter in a field submits the form', async () => {
    fakeApi();
    const dialog = await openAdd();
    const name = input(dialog, 'name');
    name.focus();
    fireEvent.submit(name.closest('form')!);
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent('Some fields failed validation');
  });

  it('server code-1 field errors land on the fields', async () => {
    const api = fakeApi();
    api.nextWrite.set('POST system/role', { status: 400, body: { code: 1, message: 'Bad format', data: { name: { key: 'checkRepeatName' } } } });
    const dialog = await openAdd(ROLE, 'zh_TW');
    await within(dialog).findByTestId('menu-group-1');
    fireEvent.change(input(dialog, 'name'), { target: { value: '稽核' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /角色類型/ }));
    fireEvent.click(await screen.findByRole('option', { name: '一般' }));
    fireEvent.click(dialog.querySelector('input[name="functions"][value="9"]')!);
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent('部分欄位驗證未通過');
    await waitFor(() => expect(fieldError(dialog, 'name')).toHaveTextContent('名稱與清單中的其他項目重複。'));
    expect(screen.queryByTestId('fail-modal')).toBeNull();
    fireEvent.click(within(screen.getByTestId('alert-modal')).getByTestId('modal-confirm'));
    // Changing the field drops its server error.
    fireEvent.change(input(dialog, 'name'), { target: { value: '稽核二' } });
    await waitFor(() => expect(fieldError(dialog, 'name')).toBeNull());
  });
});

describe('crud form: modes and widgets', () => {
  it('adds a role: menuTree groups toggle their children, the body holds the declared fields, success notice, list back to page 1', async () => {
    const api = fakeApi({ roles: makeRoles(12) });
    signedIn(null);
    withProviders(<CrudView decl={ROLE} />, 'en');
    await screen.findByText('Role 12');
    fireEvent.click(screen.getByTestId('page-2'));
    await screen.findByText('Role 02');
    fireEvent.click(screen.getByTestId('crud-add'));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
    expect(dialog).toHaveTextContent('Add role');
    const group = await within(dialog).findByTestId('menu-group-1');

    fireEvent.change(input(dialog, 'name'), { target: { value: 'Auditors' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'General' }));
    // The group box checks all its children; unchecking one leaves the group mixed.
    fireEvent.click(within(group).getByRole('checkbox', { name: 'System' }));
    const children = [...group.querySelectorAll<HTMLInputElement>('input[name="functions"]')];
    expect(children.length).toBe(8);
    expect(children.every((c) => c.checked)).toBe(true);
    fireEvent.click(group.querySelector('input[name="functions"][value="11"]')!);
    expect(within(group).getByRole('checkbox', { name: 'System' })).toHaveAttribute('data-indeterminate', 'true');
    expect(within(dialog).getByTestId('menu-tree-count')).toHaveTextContent('7 of 13 selected');
    fireEvent.click(input(dialog, 'manageBrands'));

    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === 'system/role')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      name: 'Auditors', type: 2, functions: [9, 10, 12, 13, 14, 15, 16], manageClients: false, manageBrands: true, appStock: false,
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Added successfully');
    await waitFor(() => expect(screen.queryByTestId('crud-form')).toBeNull());
    await waitFor(() => expect(api.listQueries('system/role').at(-1)!.get('page')).toBe('1'));
  });

  it('view mode is read-only; Edit turns it into the edit form; the update body carries the id', async () => {
    const api = fakeApi({ roles: makeRoles(3) });
    signedIn(null);
    withProviders(<CrudView decl={ROLE} />, 'en');
    await screen.findByText('Role 02');
    fireEvent.click(screen.getByTestId('row-view-2'));
    const view = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
    expect(view).toHaveTextContent('View role');
    await waitFor(() => expect(input(view, 'name')).toHaveValue('Role 02'));
    expect(input(view, 'name')).toBeDisabled();
    await within(view).findByTestId('menu-group-1');
    expect(view.querySelector('input[name="functions"][value="9"]')).toBeChecked();
    expect(view.querySelector('input[name="functions"][value="9"]')).toBeDisabled();
    expect(input(view, 'manageClients')).toBeDisabled();
    expect(within(view).queryByTestId('crud-form-save')).toBeNull();
    expect(api.calls.some((c) => c.method === 'GET' && c.path === 'system/role/2')).toBe(true);

    fireEvent.click(within(view).getByTestId('crud-form-edit'));
    await waitFor(() => expect(screen.getByTestId('crud-form')).toHaveTextContent('Edit role'));
    const edit = screen.getByTestId('crud-form');
    await waitFor(() => expect(input(edit, 'name')).not.toBeDisabled());
    fireEvent.change(input(edit, 'name'), { target: { value: 'Role two' } });
    fireEvent.click(within(edit).getByTestId('crud-form-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = JSON.parse(api.calls.find((c) => c.method === 'PUT')!.body!);
    expect(body).toMatchObject({ id: 2, name: 'Role two', type: 2, functions: [9, 10] });
    expect(body).not.toHaveProperty('userCount');
    expect(body).not.toHaveProperty('createdAt');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Saved successfully');
  });

  it('employee add: inputs named by path, status radio without Locked, searchable role select, the default password shown once', async () => {
    const api = fakeApi({ roles: makeRoles(3), employees: makeEmployees(1) });
    const dialog = await openAdd(EMPLOYEE);
    for (const name of ['account', 'name', 'roleId', 'email', 'phoneCountryCode', 'phone']) expect(input(dialog, name), name).not.toBeNull();
    const radios = [...dialog.querySelectorAll<HTMLInputElement>('input[name="status"]')];
    expect(radios.map((r) => r.value)).toEqual(['1', '2']);
    expect(radios[0]).toBeChecked(); // default 1
    expect(within(dialog).getByLabelText('Enabled')).toBeChecked();

    fireEvent.change(input(dialog, 'account'), { target: { value: 'amy' } });
    fireEvent.change(input(dialog, 'name'), { target: { value: 'Amy' } });
    const role = input(dialog, 'roleId');
    role.focus();
    fireEvent.change(role, { target: { value: 'zzz' } });
    expect(await screen.findByText('No match data')).toBeInTheDocument();
    fireEvent.change(role, { target: { value: 'Role 02' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Role 02' }));
    // Phone digits only; a phone without a country code flags the code (rule of the declaration).
    fireEvent.change(input(dialog, 'phone'), { target: { value: '09-12 345 678' } });
    expect(input(dialog, 'phone')).toHaveValue('0912345678');
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    fireEvent.click(within(await screen.findByTestId('alert-modal')).getByTestId('modal-confirm'));
    expect(fieldError(dialog, 'phoneCountryCode')).toHaveTextContent('This field is required.');
    await waitFor(() => expect(document.activeElement).toBe(input(dialog, 'phoneCountryCode')));

    input(dialog, 'phoneCountryCode').focus();
    fireEvent.change(input(dialog, 'phoneCountryCode'), { target: { value: '886' } });
    fireEvent.click(await screen.findByRole('option', { name: /\+886/ }));
    await waitFor(() => expect(fieldError(dialog, 'phoneCountryCode')).toBeNull());
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));

    const result = await screen.findByTestId('result-modal');
    // Shown once: in its box, not again in the sentence.
    expect(result).toHaveTextContent('The default password of "amy" is below.');
    expect((result.textContent ?? '').split('Xy7kPq2m')).toHaveLength(2);
    expect(within(result).getByTestId('result-value')).toHaveTextContent('Xy7kPq2m');
    const body = JSON.parse(api.calls.find((c) => c.method === 'POST')!.body!);
    expect(body).toEqual({ account: 'amy', name: 'Amy', roleId: 2, status: 1, phoneCountryCode: '886', phone: '0912345678' });
    fireEvent.click(within(result).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('result-modal')).toBeNull());
  });

  it('employee edit: the account is read-only', async () => {
    fakeApi({ employees: makeEmployees(2) });
    signedIn(null);
    withProviders(<CrudView decl={EMPLOYEE} />, 'en');
    await screen.findByText('user2');
    await act(async () => fireEvent.click(screen.getByTestId('row-edit-2')));
    const edit = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
    await waitFor(() => expect(input(edit, 'account')).toHaveValue('user2'));
    expect(input(edit, 'account')).toBeDisabled();
    expect(input(edit, 'name')).not.toBeDisabled();
  });

  it('shows a role\'s authorized clients to the operator and its brands to a client, and sends only those', async () => {
    const api = fakeApi();
    const operator = await openAdd();
    expect(input(operator, 'customers')).not.toBeNull();
    expect(operator.querySelector('input[name="brands"]:not([type="hidden"])')).toBeNull();
    cleanup();

    signedIn(null, { tenantType: 2 });
    withProviders(<CrudView decl={ROLE} />, 'en');
    fireEvent.click(await screen.findByTestId('crud-add'));
    const client = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
    await within(client).findByTestId('menu-group-1');
    expect(client.querySelector('input[name="customers"]:not([type="hidden"])')).toBeNull();
    const brands = input(client, 'brands');
    fireEvent.mouseDown(brands);
    fireEvent.keyDown(brands, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Dusk' }));
    expect(client).toHaveTextContent('A General role sees and manages only these brands');
    fireEvent.change(input(client, 'name'), { target: { value: 'Brand keepers' } });
    fireEvent.mouseDown(within(client).getByRole('combobox', { name: /Role type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'General' }));
    fireEvent.click(within(within(client).getByTestId('menu-group-1')).getByRole('checkbox', { name: 'System' }));
    fireEvent.click(within(client).getByTestId('crud-form-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(api.calls.find((c) => c.method === 'POST')!.body!);
    expect(sent.brands).toEqual([32]);
    expect(sent).not.toHaveProperty('customers');
  });

  it('multiSelect hides deleted options unless chosen', async () => {
    fakeApi();
    const dialog = await openAdd();
    const customers = input(dialog, 'customers');
    fireEvent.mouseDown(customers);
    fireEvent.change(customers, { target: { value: '' } });
    fireEvent.keyDown(customers, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Gone' })).toBeNull();
  });
});

describe('crud form: dependent selects (ui:options.filterBy)', () => {
  const PACKAGE = declaration('code.package');

  function packageApi() {
    return fakeFetch((method, path) => {
      if (method === 'GET' && path.startsWith('Code/package?')) return { status: 200, body: { items: [], total: 0 } };
      if (method === 'GET' && path === 'Product/customers') {
        return { status: 200, body: [{ value: 11, label: 'Acme', names: { en: 'Acme' } }, { value: 12, label: 'Bolt', names: { en: 'Bolt' } }] };
      }
      if (method === 'GET' && path === 'Product/packaging/options') {
        return {
          status: 200,
          body: [
            { groupName: { en: 'Acme' }, groupItems: [{ value: 101, label: 'A-1 Bottle', clientId: 11 }, { value: 102, label: 'A-2 Box', clientId: 11 }] },
            { groupName: { en: 'Bolt' }, groupItems: [{ value: 201, label: 'B-1 Can', clientId: 12 }] },
          ],
        };
      }
      // The form reads the tenant's config too (its default language, for the marketing names' rule).
      if (method === 'GET' && (path === 'config' || path.startsWith('Config/tenant'))) return { status: 200, body: config() };
      if (method === 'POST' && path === 'Code/package') return { status: 201, body: { id: 1 } };
      return undefined;
    });
  }

  const pick = pickOption;
  const offered = async (dialog: HTMLElement, name: string) => {
    const field = input(dialog, name);
    fireEvent.mouseDown(field);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    fireEvent.keyDown(field, { key: 'Escape' });
    return names;
  };

  it('offers the materials of the chosen client only, and drops a material the new client does not own', async () => {
    packageApi();
    const dialog = await openAdd(PACKAGE);
    expect(await offered(dialog, 'packagingMaterialId')).toEqual(['A-1 Bottle', 'A-2 Box', 'B-1 Can']);

    await pick(dialog, 'clientId', 'Acme');
    expect(await offered(dialog, 'packagingMaterialId')).toEqual(['A-1 Bottle', 'A-2 Box']);
    await pick(dialog, 'packagingMaterialId', 'A-2 Box');
    expect(input(dialog, 'packagingMaterialId').value).toBe('A-2 Box');

    await pick(dialog, 'clientId', 'Bolt');
    await waitFor(() => expect(input(dialog, 'packagingMaterialId').value).toBe(''));
    expect(await offered(dialog, 'packagingMaterialId')).toEqual(['B-1 Can']);
  });

  it('keywords are typed as chips (Enter, comma) or pasted as lines, and posted as a list', async () => {
    const api = packageApi();
    const dialog = await openAdd(PACKAGE);
    await pick(dialog, 'clientId', 'Acme');
    await pick(dialog, 'packagingMaterialId', 'A-1 Bottle');
    fireEvent.change(input(dialog, 'quantity'), { target: { value: '6' } });
    const keywords = input(dialog, 'keywords');
    fireEvent.change(keywords, { target: { value: 'Spring' } });
    fireEvent.keyDown(keywords, { key: 'Enter' });
    fireEvent.change(keywords, { target: { value: ' Summer,' } });
    fireEvent.paste(keywords, { clipboardData: { getData: () => 'Autumn\r\nWinter\n\n' } });
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /Spring|Summer|Autumn|Winter/ })).toHaveLength(4));
    expect(dialog).toHaveTextContent('Entered: 4');
    // Backspace in the empty input takes the last one back.
    fireEvent.keyDown(keywords, { key: 'Backspace' });
    await waitFor(() => expect(dialog).toHaveTextContent('Entered: 3'));
    fireEvent.change(input(dialog, 'keywordInterval'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(api.calls.find((c) => c.method === 'POST')!.body!);
    expect(body).toMatchObject({ clientId: 11, packagingMaterialId: 101, quantity: 6, keywords: ['Spring', 'Summer', 'Autumn'], keywordInterval: 2 });
  });
});
