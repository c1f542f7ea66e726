/**
 * The client form as a user meets it (issue 12, Forms): an empty submit marks exactly the
 * required inputs, nested ones included (the primary contact's name, email, dial code and
 * mobile; nothing of the optional secondary contact); a text over its limit is kept whole,
 * counted and refused, never cut.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const CLIENT = declaration('system.client');

function clientApi() {
  return fakeFetch((method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
    if (method === 'GET' && path === 'system/client') return { status: 200, body: { items: [], total: 0 } };
    return undefined;
  });
}

async function openAdd() {
  signedIn(null);
  withProviders(<CrudView decl={CLIENT} />, 'en');
  fireEvent.click(await screen.findByTestId('crud-add'));
  return screen.findByTestId('crud-form', {}, { timeout: 45_000 });
}

const PRIMARY = ['contacts.primary.name', 'contacts.primary.email', 'contacts.primary.phoneCountryCode', 'contacts.primary.phone'];

describe('client form submitted empty', () => {
  it('marks the primary contact inputs and nothing of the secondary contact', async () => {
    const { calls } = clientApi();
    const dialog = await openAdd();
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog.querySelectorAll('[data-testid="field-error"]').length).toBeGreaterThan(0));
    const errorFields = [...dialog.querySelectorAll('[data-testid="field-error"]')].map((e) => e.getAttribute('data-field'));
    expect(errorFields).toEqual(expect.arrayContaining(PRIMARY));
    expect(errorFields.filter((f) => f?.startsWith('contacts.secondary') || f === 'contacts')).toEqual([]);
    for (const name of PRIMARY) {
      expect(dialog.querySelector(`input[name="${name}"]`), name).toHaveAttribute('aria-invalid', 'true');
    }
    for (const name of ['contacts.secondary.name', 'contacts.secondary.phoneCountryCode']) {
      expect(dialog.querySelector(`input[name="${name}"]`), name).toHaveAttribute('aria-invalid', 'false');
    }
    // The Chinese name is flagged on its own input.
    expect(dialog.querySelector('input[name="names.zh_TW"]')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('a name longer than its limit', () => {
  it('keeps every character, counts them near the limit and refuses the save', async () => {
    const { calls } = clientApi();
    const dialog = await openAdd();
    const name = dialog.querySelector<HTMLInputElement>('input[name="names.zh_TW"]')!;
    expect(name).not.toHaveAttribute('maxlength');
    fireEvent.change(name, { target: { value: 'a'.repeat(79) } });
    expect(dialog.querySelector('[data-testid="length-counter"][data-field="names.zh_TW"]')).toBeNull();
    fireEvent.change(name, { target: { value: 'a'.repeat(80) } });
    expect(dialog.querySelector('[data-testid="length-counter"][data-field="names.zh_TW"]')).toHaveTextContent('80 / 100');
    fireEvent.change(name, { target: { value: 'a'.repeat(300) } });
    expect(name.value).toHaveLength(300);
    expect(dialog.querySelector('[data-testid="length-counter"][data-field="names.zh_TW"]')).toHaveTextContent('300 / 100: 200 over the limit');
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog.querySelector('[data-testid="field-error"][data-field="names.zh_TW"]')).toHaveTextContent('between 1 and 100'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('counts plain text inputs too (the client code, 30 at most)', async () => {
    clientApi();
    const dialog = await openAdd();
    fireEvent.change(dialog.querySelector('input[name="code"]')!, { target: { value: 'x'.repeat(31) } });
    expect(dialog.querySelector('[data-testid="length-counter"][data-field="code"]')).toHaveTextContent('31 / 30: 1 over the limit');
  });
});
