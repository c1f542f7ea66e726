/**
 * The one submit of every declared form (src/engine/crud/useFormSubmit.ts): an invalid form
 * sends nothing, a second click while the first save is on its way sends nothing more, a
 * failed save goes to the form (field errors or the Fail modal) and the button comes back.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFormSubmit } from '../../src/engine/crud/useFormSubmit';
import type { SchemaFormState } from '../../src/engine/crud/useSchemaForm';

function formOf(checked: Record<string, unknown> | null) {
  const fail = vi.fn();
  return { form: { check: () => checked, fail } as unknown as SchemaFormState, fail };
}

/** A save the test ends itself. */
function pendingSave() {
  let finish: (e?: Error) => void = () => {};
  const send = vi.fn(() => new Promise<void>((resolve, reject) => { finish = (e) => (e ? reject(e) : resolve()); }));
  return { send, finish: (e?: Error) => finish(e) };
}

describe('useFormSubmit', () => {
  it('sends nothing when the form is invalid', async () => {
    const { form } = formOf(null);
    const send = vi.fn(async () => {});
    const { result } = renderHook(() => useFormSubmit(form, send));
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it('sends once for two clicks, busy until the answer', async () => {
    const { form } = formOf({ name: 'Tea' });
    const save = pendingSave();
    const { result } = renderHook(() => useFormSubmit(form, save.send));
    let first: Promise<void> = Promise.resolve();
    act(() => { first = result.current.submit(); });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.submit());
    expect(save.send).toHaveBeenCalledTimes(1);
    expect(save.send).toHaveBeenCalledWith({ name: 'Tea' });
    await act(async () => { save.finish(); await first; });
    expect(result.current.busy).toBe(false);
  });

  it('sends once for two submits before the next render (Enter, then a click)', async () => {
    const { form } = formOf({ name: 'Tea' });
    const save = pendingSave();
    const { result } = renderHook(() => useFormSubmit(form, save.send));
    const { submit } = result.current;
    let both: Promise<unknown> = Promise.resolve();
    act(() => { both = Promise.all([submit(), submit()]); });
    expect(save.send).toHaveBeenCalledTimes(1);
    await act(async () => { save.finish(); await both; });
    expect(result.current.busy).toBe(false);
  });

  it('hands a failed save to the form and frees the button', async () => {
    const { form, fail } = formOf({ name: 'Tea' });
    const error = new Error('code 1');
    const { result } = renderHook(() => useFormSubmit(form, async () => { throw error; }));
    await act(() => result.current.submit());
    expect(fail).toHaveBeenCalledWith(error);
    expect(result.current.busy).toBe(false);
  });

  it('does nothing while disabled (a record still loading, no key yet)', async () => {
    const { form } = formOf({ name: 'Tea' });
    const send = vi.fn(async () => {});
    const { result } = renderHook(() => useFormSubmit(form, send, false));
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
  });
});
