/**
 * Stands in for codemirror-json-schema's utils/markdown (markdown-it with shiki, ~200 kB gzip)
 * through a Vite resolver in vite.config.ts: the schema's descriptions are plain sentences, so
 * hover and completion texts are shown as escaped text, with `code` kept as <code>.
 */
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderMarkdown(markdown: string, inline = true): string {
  const html = escapeHtml(markdown).replace(/`([^`]+)`/g, '<code>$1</code>');
  return inline ? html : `<p>${html}</p>`;
}
