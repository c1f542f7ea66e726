#!/usr/bin/env node
/**
 * How the back office SPA's parts depend on each other (issue 24), counted from the source:
 *   node scripts/import-stats.mjs          (a table)
 *   node scripts/import-stats.mjs --json
 *
 * - engine -> catalogue: import statements in src/engine that reach the declarations of
 *   src/schemas (their index, files or raw texts), and the files that import src/schemas/index.ts;
 *   the meta-schema (screen.schema.json, the engine's own contract) is counted apart;
 * - widget -> engine: import statements in src/widgets that reach src/engine;
 * - engine -> widget: import statements in src/engine that reach src/widgets;
 * - engine -> panes / marketing preview: import statements in src/engine reaching the panes;
 * - registries: name-keyed registries (a typed map of components, a Map filled by a register
 *   function, an object of lazy loaders, each kind given to the engine's registerParts) and their
 *   shapes; twin lists: `*_NAMES` arrays beside a registry of the same names.
 *
 * An "import statement" is `import ... from '<x>'`, `export ... from '<x>'`, `import('<x>')` or
 * `import.meta.glob('<x>')`, with <x> a relative path resolved from the file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(ROOT, 'src');

function walk(dir) {
  let out = [];
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(walk(p));
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|import\.meta\.glob(?:<[^>]*>)?\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

/** The relative specifiers a file imports, resolved to paths relative to src/. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) out.push(relative(SRC, resolve(dirname(file), m[1])).split(sep).join('/'));
  return out;
}

const area = (p) => p.split('/')[0];
const filesOf = (a) => walk(join(SRC, a));

function count(fromArea, pred) {
  let n = 0;
  const files = new Set();
  for (const f of filesOf(fromArea)) {
    for (const target of importsOf(f)) {
      if (pred(target)) {
        n++;
        files.add(relative(ROOT, f));
      }
    }
  }
  return { imports: n, files: files.size };
}

const engineToCatalogue = count('engine', (t) => area(t) === 'schemas');
const engineToSchemaIndex = count('engine', (t) => t === 'schemas/index' || t === 'schemas/index.ts');
const widgetToEngine = count('widgets', (t) => area(t) === 'engine');
const engineToWidget = count('engine', (t) => area(t) === 'widgets');
const engineToPanes = count('engine', (t) => t.startsWith('engine/panes') || area(t) === 'panes');
const engineToPreview = count('engine', (t) => t.startsWith('engine/marketing') || t.startsWith('marketing/'));
// Only imports from outside the panes themselves.
const engineToPanesOutside = (() => {
  let n = 0;
  for (const f of filesOf('engine')) {
    if (relative(SRC, f).startsWith(`engine${sep}panes`) || relative(SRC, f).startsWith(`engine${sep}marketing`)) continue;
    for (const t of importsOf(f)) if (t.startsWith('engine/panes') || t.startsWith('engine/marketing') || area(t) === 'panes') n++;
  }
  return n;
})();

// Name-keyed registries, by shape. The engine's registry (src/engine/registry) and its
// per-name caches of lazy components are one shape: a map of lazy loaders per kind, filled
// with registerParts('<kind>', ...); each kind registered counts once.
const SHAPES = [
  ['component map', /(?:export\s+)?const\s+([A-Za-z]\w*)\s*:\s*(?:Record<[^=]*(?:Component|Loader)[^=]*>|Registry\w*Type|\w*Registry)\s*=\s*\{/g],
  ['Map + register function', /(?:export\s+)?const\s+([a-zA-Z]\w*)\s*=\s*new Map<string,\s*\w*(?:Component|Loader)\w*>/g],
  ['object of lazy loaders', /(?:export\s+)?const\s+([A-Za-z]\w*)(?:\s*:\s*[^=]+)?\s*=\s*\{\s*(?:\/\/[^\n]*\n\s*)*['"]?\w+['"]?\s*:\s*(?:\(\)\s*=>\s*import\(|lazyChunk\(|screen\()/g],
  ['name list', /(?:export\s+)?const\s+([A-Z][A-Z0-9_]*_NAMES)\s*=\s*\[/g],
];
const registries = [];
for (const a of ['engine', 'widgets', 'panes', 'app', 'schemas', 'marketing']) {
  for (const f of filesOf(a)) {
    const rel = relative(ROOT, f).split(sep).join('/');
    const text = readFileSync(f, 'utf8');
    if (rel.startsWith('src/engine/registry/')) continue;
    for (const [shape, re] of SHAPES) {
      for (const m of text.matchAll(re)) {
        const r = `${rel}:${m[1]}`;
        if (!registries.some((x) => x.name === r)) registries.push({ name: r, shape });
      }
    }
    for (const m of text.matchAll(/registerParts\(\s*'(\w+)'/g)) registries.push({ name: `${rel}:registerParts('${m[1]}')`, shape: 'engine registry (lazy loaders)' });
  }
}
// A loader map handed to registerParts is the same registry, not another one.
const handed = registries.filter((r) => r.shape === 'object of lazy loaders' && filesOf('app').some((f) => new RegExp(`registerParts\\(\\s*'\\w+',\\s*${r.name.split(':')[1]}\\b`).test(readFileSync(f, 'utf8'))));
const counted = registries.filter((r) => !handed.includes(r));
// A name list beside a registry of the same names (BUILTIN_WIDGET_NAMES names RJSF's own widgets).
const twins = counted.filter((r) => r.shape === 'name list' && !/BUILTIN_WIDGET_NAMES/.test(r.name));
const shapes = [...new Set(counted.filter((r) => r.shape !== 'name list' && !/BUILTIN/.test(r.name)).map((r) => r.shape))];

const metaSchema = count('engine', (t) => t === 'schemas/screen.schema.json');

const result = {
  engineToCatalogueImports: engineToCatalogue.imports - metaSchema.imports,
  engineToMetaSchemaImports: metaSchema.imports,
  engineFilesImportingSchemaIndex: engineToSchemaIndex.files,
  widgetToEngineImports: widgetToEngine.imports,
  engineToWidgetImports: engineToWidget.imports,
  engineToPanesOrPreviewImports: engineToPanesOutside,
  registries: counted.filter((r) => r.shape !== 'name list').length,
  registryShapes: shapes.length,
  twinNameLists: twins.length,
  registryList: counted.map((r) => `${r.name} (${r.shape})`),
};

if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  for (const [k, v] of Object.entries(result)) if (!Array.isArray(v)) console.log(`${k.padEnd(34)} ${v}`);
  console.log('registries found:');
  for (const r of result.registryList) console.log(`  ${r}`);
}
void engineToPanes;
void engineToPreview;
