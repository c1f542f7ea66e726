/**
 * The submit of a declared form (crud dialog, form screen, row action input, account dialogs):
 * the form is checked first (an invalid one marks its fields and says so); then `send` runs
 * with the data to send while `busy` is true, and a second submit meanwhile does nothing (a ref,
 * so two submits before the next render, Enter then a click, still send once). A failed send
 * puts the server's field errors on the fields, or shows the Fail modal (form.fail).
 */
import { useRef, useState } from 'react';
import type { FormData, SchemaFormState } from './useSchemaForm';

export function useFormSubmit(form: SchemaFormState, send: (checked: FormData) => Promise<void>, enabled = true) {
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const submit = async () => {
    if (sending.current || !enabled) return;
    const checked = form.check();
    if (!checked) return;
    sending.current = true;
    setBusy(true);
    try {
      await send(checked);
    } catch (e) {
      form.fail(e);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return { busy, submit };
}
