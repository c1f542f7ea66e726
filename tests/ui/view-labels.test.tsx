/**
 * A view dialog renders a select's stored label at once (`x-labelField`: the record's own
 * label of the chosen value) and refines it when the options arrive, instead of showing the
 * field's label over an empty value while the options load.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, signedIn, withProviders, type Reply } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const EMPLOYEE = declaration('system.employee');
const AT = '2025-01-15T02:30:00.000Z';
const employee = { id: 3, account: 'amy', name: 'Amy', roleId: 7, roleName: 'Auditors', status: 1, createdAt: AT };

describe('view dialog while the options load', () => {
  it('shows the stored label of the chosen role at once, then the loaded one', async () => {
    let release: (r: Reply) => void = () => {};
    const options = new Promise<Reply>((resolve) => { release = resolve; });
    fakeFetch((_method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
      if (path === 'system/employee') return { status: 200, body: { items: [employee], total: 1 } };
      if (path === 'system/employee/3') return { status: 200, body: employee };
      if (path === 'system/role/options') return options;
      return undefined;
    });
    signedIn(null);
    withProviders(<CrudView decl={EMPLOYEE} />, 'en');
    await screen.findByText('amy', {}, { timeout: 30_000 });
    await act(async () => fireEvent.click(screen.getByTestId('row-view-3')));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    const role = () => dialog.querySelector<HTMLInputElement>('input[name="roleId"]');
    await waitFor(() => expect(role()).toHaveValue('Auditors'));
    await act(async () => release({ status: 200, body: [{ value: 7, label: 'Auditors (all regions)' }] }));
    await waitFor(() => expect(role()).toHaveValue('Auditors (all regions)'));
  });
});
