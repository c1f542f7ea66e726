/**
 * The UI tests' dynamic imports, followed (vite.config.ts: the ui project's plugin). Every
 * `import(…)` of src/ becomes `(globalThis.__uiTestImport ?? id)(import(…))`, and the UI test
 * setup (tests/ui/setup.ts) waits for the imports still on their way when a file ends.
 *
 * Why: the UI files share their worker's modules (isolate: false). A file that ends while a
 * screen's chunk is still being imported leaves that import to fail ("Cannot load … after the
 * environment was torn down"), and the next file that needs the chunk gets the failure. The
 * product's code is unchanged: the plugin runs in the UI tests only.
 */
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import type { Plugin } from 'vite';

/** The product's sources (not a dependency's own src/ folder). */
const SRC = `${path.resolve(import.meta.dirname, '../../src')}/`;

const WRAP = '(globalThis.__uiTestImport ?? ((p) => p))(';

export function trackDynamicImports(): Plugin {
  return {
    name: 'oioc-ui-tests-track-dynamic-imports',
    // After TypeScript and JSX are compiled away (the lexer reads JavaScript), before vitest's
    // own rewriting of imports.
    enforce: 'post',
    async transform(code, id) {
      if (!id.startsWith(SRC) || !code.includes('import(')) return null;
      await init;
      const [imports] = parse(code);
      // t 2: a dynamic import; se -1: one nested in another (its end is not tracked).
      const dynamic = imports.filter((i) => i.t === 2 && i.se > 0);
      if (dynamic.length === 0) return null;
      let out = '';
      let at = 0;
      for (const i of dynamic) {
        out += `${code.slice(at, i.ss)}${WRAP}${code.slice(i.ss, i.se)})`;
        at = i.se;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
