import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';
import { prerenderSignIn } from './scripts/prerender-signin.ts';
import { routePreload } from './scripts/route-preload.ts';
import { trackDynamicImports } from './tests/ui/trackImports.ts';
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

/**
 * The chunk groups of the build (rolldown `output.codeSplitting`), by priority: react first
 * (else it would follow MUI out of the sign-in page's entry), MUI with what it imports, then
 * the data grid and the form stack holding only what their tests name (with their
 * dependencies they took the swr shim and dayjs, which the shell and the list need).
 */
const MUI = /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material)|@emotion|@popperjs|@babel[\\/]runtime|react-transition-group|react-is|hoist-non-react-statics|prop-types|clsx|stylis|use-sync-external-store)[\\/]/;
/**
 * MUI components no list screen (shell, filter bar, grid) uses: outside the MUI chunk a list
 * loads before its rows, they go with the form stack or the screens that use them (issue 27).
 * The front bench (BENCH_FRONT_DETAIL=1) names every file fetched before a list's first rows.
 */
const MUI_OFF_THE_LISTS = /[\\/]@mui[\\/]material[\\/](esm[\\/])?(Slider|Switch|Radio|RadioGroup|Stepper|Step|StepLabel|StepConnector|StepIcon|StepContent|StepButton|ToggleButton|ToggleButtonGroup|Rating|Accordion|AccordionSummary|AccordionDetails|SpeedDial|BottomNavigation)[\\/]/;
const CHUNK_GROUPS = [
  { name: 'react', priority: 5, test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'mui', priority: 4, test: (id: string) => MUI.test(id) && !MUI_OFF_THE_LISTS.test(id) },
  { name: 'dayjs', priority: 3, test: /[\\/]node_modules[\\/]dayjs[\\/]/ },
  // Not the copies of @base-ui nested under the charts (the home page's).
  { name: 'grid', priority: 2, test: (id: string) => /[\\/]node_modules[\\/](@mui[\\/](x-data-grid|x-internals|x-virtualizer)|@base-ui|reselect)[\\/]/.test(id) && !/x-charts|x-internal-gestures/.test(id) },
  { name: 'form', priority: 1, test: /[\\/]node_modules[\\/](@rjsf|ajv|ajv-formats|ajv-errors|fast-uri|fast-deep-equal|json-schema-traverse|@x0k|jsonpointer|markdown-to-jsx|fast-equals|@mui[\\/]x-date-pickers)[\\/]/ },
];

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react(), routePreload('oioc.session'), prerenderSignIn(), precompress(), leanJsonSchemaEditor(), consumerPageInDev()],
  // The CSV reader (src/domain/csv.ts) runs in the browser too (the lottery serial check): its
  // package's browser build there, the Node build (Buffer, stream) only on the server.
  resolve: { alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' } },
  server: { proxy: { '/v1': `http://127.0.0.1:${apiPort}`, '/mapi': `http://127.0.0.1:${apiPort}`, '/files': `http://127.0.0.1:${apiPort}` } },
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500,
    // Two pages: the back office (index.html) and the light public consumer page
    // (consumer.html, served at /m/{tenantCode}; preact + htm, no React or MUI).
    rollupOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), consumer: fileURLToPath(new URL('./consumer.html', import.meta.url)) },
      // Fewer, larger chunks for the full app (issue 10 section 4): over HTTP/1.1 (six
      // connections a host) a hundred small chunks queue. React stays in the entry (the light
      // sign-in page needs it and nothing else); MUI, the data grid and the form stack are one
      // chunk each.
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  test: {
    // Two test files at a time on a 2-core machine (vitest's default, one less than the cores,
    // ran one: the second core idled but for PostgreSQL). The cluster test runs last, alone.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      // Unit tests share their worker's modules (isolate: false): no file stubs globals, mocks
      // modules or changes module state, and importing the domain and server modules again for
      // each of 41 files cost two thirds of the project's CPU (docs/decisions.md, issue 28).
      // 30 s a test: the property tests take 2-6 s alone, and 5 s timed out on a loaded machine.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', isolate: false, testTimeout: 30000 } },
      // UI tests share their worker's modules too: the setup waits for the imports still on
      // their way when a file ends (tests/ui/trackImports.ts), and clears the module stores the
      // shell would (docs/decisions.md, issue 28).
      {
        extends: true,
        plugins: [trackDynamicImports()],
        test: { name: 'ui', include: ['tests/ui/**/*.test.tsx'], environment: 'jsdom', isolate: false, setupFiles: ['tests/ui/setup.ts'], testTimeout: 60000 },
      },
      // API tests share their worker's modules too (isolate: false): importing the server again
      // for each of 77 files cost 268 s of the two workers' time (the project: 11.5 min alone,
      // 6.9 min shared). No API test mocks modules, stubs globals or sets process.env; each file
      // has its own database and app, and Harness.start() makes the short caches forget the last.
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/template.setup.ts'], environment: 'node', isolate: false, testTimeout: 60000, hookTimeout: 120000 } },
      { extends: true, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', testTimeout: 600000, hookTimeout: 300000, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'schema', include: ['tests/schema/**/*.test.ts', 'tests/schema/**/*.test.tsx'], environment: 'node', testTimeout: 60000, hookTimeout: 120000 } },
    ],
  },
});
