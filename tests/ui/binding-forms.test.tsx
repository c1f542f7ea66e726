/**
 * Package ratio and shift forms: a field a rule requires now (a level's unit and quantity)
 * carries the required mark like the schema's required fields; an invalid save names the
 * fields to check; a shift's start and end are the time picker (HH:mm), not bare text boxes.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 90_000 });

function api() {
  return fakeFetch((_method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/tenant') || path === 'Config/reference') return { status: 200, body: config() };
    if (path === 'Binding/package' || path === 'Binding/shift') return { status: 200, body: { items: [], total: 0 } };
    if (path === 'Binding/line/options' || path === 'Binding/factory/options') return { status: 200, body: [{ value: 1, label: 'Line A' }] };
    return undefined;
  });
}

async function openAdd(id: string) {
  signedIn(null);
  withProviders(<CrudView decl={declaration(id)} />, 'en');
  fireEvent.click(await screen.findByTestId('crud-add', {}, { timeout: 30_000 }));
  return screen.findByTestId('crud-form', {}, { timeout: 45_000 });
}

const marked = (dialog: HTMLElement, name: string) => {
  const control = dialog.querySelector(`input[name="${name}"]`)?.closest('.MuiFormControl-root');
  return Boolean(control?.querySelector('.MuiFormLabel-asterisk'));
};

describe('binding forms', () => {
  it('package ratio: the units and quantities the levels need are marked required, and the message names them', async () => {
    const { calls } = api();
    const dialog = await openAdd('binding.package');
    await waitFor(() => expect(dialog.querySelector('input[name="quantity2"]')).not.toBeNull());
    expect(marked(dialog, 'name')).toBe(true);
    // Level 2 (the default): the level 2 unit and quantity are required.
    expect(marked(dialog, 'unit2')).toBe(true);
    expect(marked(dialog, 'quantity2')).toBe(true);

    await act(async () => fireEvent.click(within(dialog).getByTestId('crud-form-save')));
    const modal = await screen.findByTestId('alert-modal');
    expect(modal).toHaveTextContent('Some fields failed validation');
    expect(modal).toHaveTextContent('Check: Ratio name, Level 2 unit, Level 1 units per level 2 unit.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shift: start and end are time pickers (HH:mm)', async () => {
    api();
    const dialog = await openAdd('binding.shift');
    const start = await waitFor(() => {
      const el = dialog.querySelector<HTMLInputElement>('input[name="startTime"]');
      expect(el).not.toBeNull();
      return el!;
    });
    // The picker's field: hour and minute sections to type in, and the clock button.
    const control = start.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(control).getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual(['Hours', 'Minutes']);
    expect(within(control).getByRole('button', { name: /choose time/i })).toBeInTheDocument();
    expect(dialog.querySelector('input[name="endTime"]')?.closest('.MuiFormControl-root')?.querySelectorAll('[role="spinbutton"]')).toHaveLength(2);
  });
});
