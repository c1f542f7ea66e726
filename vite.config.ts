import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { prerenderSignIn } from './scripts/prerender-signin.ts';
import { routePreload } from './scripts/route-preload.ts';
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

/** `vite` (dev): /m/{tenantCode}... answers the consumer page, as the server does in production. */
function consumerPageInDev(): Plugin {
  return {
    name: 'consumer-page-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/m\/[^/?]+/.test(req.url)) req.url = `/consumer.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
        next();
      });
    },
  };
}

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react(), routePreload('oioc.session'), prerenderSignIn(), precompress(), leanJsonSchemaEditor(), consumerPageInDev()],
  server: { proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/mapi': `http://127.0.0.1:${apiPort}`, '/files': `http://127.0.0.1:${apiPort}` } },
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500,
    // Two pages: the back office (index.html) and the light public consumer page
    // (consumer.html, served at /m/{tenantCode}; preact + htm, no React or MUI).
    rollupOptions: { input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), consumer: fileURLToPath(new URL('./consumer.html', import.meta.url)) } },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      { extends: true, test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/ui/setup.ts'], testTimeout: 30000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/template.setup.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 120000 } },
      { extends: true, test: { name: 'schema', include: ['tests/schema/**/*.test.ts', 'tests/schema/**/*.test.tsx'], environment: 'node', testTimeout: 60000, hookTimeout: 120000 } },
    ],
  },
});
