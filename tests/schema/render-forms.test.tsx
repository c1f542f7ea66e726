// @vitest-environment jsdom
/**
 * Every crud declaration's add form (or edit form, for a screen that only edits) and every
 * settings form rendered by the engine in zh_TW and en, filled with sample data built from its
 * schema, reduced to a readable outline and compared with the committed snapshot; then saved,
 * which the shared validator lets through (the kit: renderKit.tsx). The lists:
 * render-lists.test.tsx.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../src/domain/declarations';
import { CrudForm } from '../../src/engine/crud/CrudForm';
import { FormView } from '../../src/engine/crud/FormScreen';
import { sessionStore } from '../../src/engine/session/store';
import { user } from '../ui/harness';
import { atRest, CRUD, FORMS, outline, renderWith, sampleOf, setUpRenders, stubApi, type Node } from './renderKit';

setUpRenders();

describe.each(CRUD.map((decl) => ({ id: decl.id, decl })))('$id', ({ decl }) => {
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
