/**
 * A form dialog opens with the focus on its first field (not on the close button); Escape
 * closes it when nothing was changed, and asks first (a localized confirm) when it was.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { fakeApi } from './crudFake';
import { signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const ROLE = declaration('system.role');

async function openAdd() {
  fireEvent.click(await screen.findByTestId('crud-add'));
  const dialog = await screen.findByTestId('crud-form', {}, { timeout: 30_000 });
  await within(dialog).findByTestId('menu-group-1');
  return dialog;
}

const pressEscape = async () => act(async () => {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
});

describe('form dialog keys', () => {
  it('focuses the first field; Escape closes an unchanged form at once', async () => {
    fakeApi();
    signedIn(null);
    withProviders(<CrudView decl={ROLE} />, 'en');
    const dialog = await openAdd();
    await waitFor(() => expect(document.activeElement).toBe(dialog.querySelector('input[name="name"]')));
    expect(document.activeElement).not.toBe(within(dialog).getByTestId('dialog-close'));
    await pressEscape();
    await waitFor(() => expect(screen.queryByTestId('crud-form')).toBeNull());
    expect(screen.queryByTestId('confirm-modal')).toBeNull();
  });

  it.each([
    ['en', 'Discard changes?'],
    ['zh_TW', '放棄變更？'],
  ])('Escape on a changed form asks first (%s); No keeps it, Yes closes it', async (lang, question) => {
    fakeApi();
    signedIn(null);
    withProviders(<CrudView decl={ROLE} />, lang);
    const dialog = await openAdd();
    const name = dialog.querySelector<HTMLInputElement>('input[name="name"]')!;
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Auditors' } });
    await pressEscape();
    const ask = await screen.findByTestId('confirm-modal');
    expect(ask).toHaveTextContent(question);
    fireEvent.click(within(ask).getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-modal')).toBeNull());
    expect(screen.getByTestId('crud-form')).toBeInTheDocument();
    expect(name).toHaveValue('Auditors');

    name.focus();
    await pressEscape();
    fireEvent.click(within(await screen.findByTestId('confirm-modal')).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('crud-form')).toBeNull());
  });
});
