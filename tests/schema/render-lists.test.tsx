// @vitest-environment jsdom
/**
 * Every crud declaration's list rendered by the engine in zh_TW and en, over a stubbed fetcher
 * answering a fixed page built from its columns, reduced to a readable outline and compared with
 * the committed snapshot (the kit: renderKit.tsx). The forms: render-forms.test.tsx.
 */
import '@testing-library/jest-dom/vitest';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { sessionStore } from '../../src/engine/session/store';
import { user } from '../ui/harness';
import { CRUD, outline, renderWith, setUpRenders, stubApi } from './renderKit';

setUpRenders();

describe.each(CRUD.map((decl) => ({ id: decl.id, decl })))('$id', ({ decl }) => {
  it.each(['zh_TW', 'en'])('list (%s)', async (lang) => {
    sessionStore.signIn(user(), null);
    stubApi(decl);
    const view = renderWith(<CrudView decl={decl} />, lang);
    await waitFor(() => expect(view.container.querySelectorAll('.MuiDataGrid-row').length).toBe(10));
    await waitFor(() => expect(view.container.querySelector('.MuiDataGrid-overlay')).toBeNull());
    // Date filters: their picker (the form chunk's) has loaded.
    await waitFor(() => expect(view.container.querySelector('[data-date-filter-loading]')).toBeNull());
    expect(outline(view.container).join('\n')).toMatchSnapshot();
  });
});
