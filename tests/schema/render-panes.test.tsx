// @vitest-environment jsdom
/**
 * Every hand-written pane (a `kind: "custom"` declaration) rendered by the engine in zh_TW and
 * en over sample answers of its calls (tests/support/paneSamples.ts), doing its main job, reduced
 * to a readable outline and compared with the committed snapshot (the kit: renderKit.tsx): the
 * barcode query with a code's answer, the help documents with their table.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadDeclarations, type ScreenDeclaration } from '../../src/domain/declarations';
import { MENU_TREE } from '../../src/domain/menu';
import { CustomView } from '../../src/engine/crud/CustomScreen';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, user } from '../ui/harness';
import { BARCODE_ANSWER, DOCUMENT_GROUPS } from '../support/paneSamples';
import { outline, renderWith, setUpRenders } from './renderKit';

setUpRenders();

const CUSTOM = loadDeclarations().filter((d) => d.kind === 'custom');

/** Each pane's sample answers (GET path -> body) and its main job once shown; what shows it done. */
const PANES: Record<string, { answers: Record<string, unknown>; use: () => Promise<void> }> = {
  'logistics.code': {
    answers: { 'Logistics/code': BARCODE_ANSWER },
    use: async () => {
      fireEvent.change(await screen.findByRole('textbox', { name: /./ }), { target: { value: BARCODE_ANSWER.code } });
      fireEvent.click(screen.getByTestId('barcode-search'));
      await screen.findByTestId('barcode-result');
    },
  },
  'system.document': {
    answers: { 'System/document': DOCUMENT_GROUPS },
    use: async () => void (await screen.findByTestId('doc-row-9')),
  },
};

it('every pane has its sample answers here', () => {
  expect(CUSTOM.map((d) => d.id).sort()).toEqual(Object.keys(PANES).sort());
});

describe.each(CUSTOM.map((decl) => ({ id: decl.id, decl })))('$id', ({ decl }: { decl: ScreenDeclaration }) => {
  it.each(['zh_TW', 'en'])('pane doing its job (%s)', async (lang) => {
    const pane = PANES[decl.id];
    sessionStore.signIn(user(), null);
    fakeFetch((method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'GET' && path in pane.answers) return { status: 200, body: pane.answers[path] };
      return undefined;
    });
    const node = MENU_TREE.flatMap((g) => g.children ?? []).find((c) => c.id === decl.menuId)!;
    const view = renderWith(<CustomView decl={decl} node={node} />, lang);
    await pane.use();
    await waitFor(() => expect(view.container.querySelector('.MuiCircularProgress-root, .MuiSkeleton-root')).toBeNull());
    expect(outline(view.container).join('\n')).toMatchSnapshot();
  });
});
