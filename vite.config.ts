import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import type { Plugin } from 'vite';

/**
 * The playground's chunk without what it never uses: codemirror-json-schema renders hover and
 * completion texts as markdown with shiki (~80 kB gzip; our descriptions are plain sentences)
 * and parses YAML and JSON5 too (we edit JSON). Those modules are replaced by small ones of
 * src/engine/playground.
 */
function leanJsonSchemaEditor(): Plugin {
  const local = (file: string) => fileURLToPath(new URL(`./src/engine/playground/${file}`, import.meta.url));
  const replaced: Record<string, string> = {
    '../utils/markdown': local('plainMarkdown.ts'),
    './yaml-parser': local('jsonOnlyParsers.ts'),
    './json5-parser': local('jsonOnlyParsers.ts'),
  };
  return {
    name: 'lean-json-schema-editor',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer?.includes('codemirror-json-schema') && replaced[source] ? replaced[source] : null;
    },
  };
}

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react(), precompress(), leanJsonSchemaEditor()],
  server: { proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/files': `http://127.0.0.1:${apiPort}` } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      { extends: true, test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/ui/setup.ts'], testTimeout: 30000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/template.setup.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 120000, fileParallelism: false } },
      { extends: true, test: { name: 'schema', include: ['tests/schema/**/*.test.ts', 'tests/schema/**/*.test.tsx'], environment: 'node', testTimeout: 60000, hookTimeout: 120000 } },
    ],
  },
});
