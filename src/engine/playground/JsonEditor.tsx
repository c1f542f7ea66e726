/**
 * The playground's code editor: CodeMirror 6 with JSON, and completion, hover help and lint
 * errors from a JSON schema (codemirror-json-schema; here src/schemas/screen.schema.json).
 * Uncontrolled: `value` replaces the text only when it differs from what the editor holds (a
 * declaration picked or reset), so typing never moves the cursor.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { getJsonPointers, jsonSchema } from 'codemirror-json-schema';

export interface JsonEditorProps {
  value: string;
  schema: Record<string, unknown>;
  onChange: (text: string) => void;
  /** An accessible name for the text area. */
  label: string;
  /** Selects the key at this dotted path ('grid.columns.0.label'), or its nearest parent (a problem clicked). */
  focusPath?: { path: string; seq: number } | null;
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: 1.55 },
  '.cm-gutters': { backgroundColor: '#fafafa', borderRight: '1px solid #eee', color: '#9a9a9a' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'rgba(184,58,36,0.05)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-tooltip': { maxWidth: '420px', fontSize: '12.5px' },
});

export function JsonEditor({ value, schema, onChange, label, focusPath }: JsonEditorProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          jsonSchema(schema),
          theme,
          // Long declaration lines (columns, fields) wrap: no sideways scrolling that hides the indentation.
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'playground-editor-content' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) changed.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; value changes arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !focusPath) return;
    const pointers = getJsonPointers(editor.state, 'json4');
    const parts = focusPath.path ? focusPath.path.split('.') : [];
    for (let n = parts.length; n > 0; n -= 1) {
      const found = pointers.get(`/${parts.slice(0, n).map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);
      if (!found) continue;
      editor.dispatch({ selection: { anchor: found.keyFrom, head: found.keyTo }, effects: EditorView.scrollIntoView(found.keyFrom, { y: 'center' }) });
      break;
    }
    editor.focus();
  }, [focusPath]);

  return <Box ref={host} data-testid="playground-editor" sx={{ height: '100%', minHeight: 0, '& .cm-editor': { height: '100%' } }} />;
}
