#!/usr/bin/env node
/**
 * How the server's modules hold together (issue 24), counted from the working tree or a commit:
 *
 *   node scripts/server-stats.mjs            # the working tree
 *   node scripts/server-stats.mjs f1d2f7c    # any commit (read with git, nothing checked out)
 *   node scripts/server-stats.mjs --json     # the same as JSON (tests/unit/serverLayout.test.ts)
 *
 * - module-to-module imports: an import in a file under server/modules of another file under
 *   server/modules (any area, siblings included: a module imports services and the resource
 *   layer, never another module); also services/resource/jobs/db importing a module (the layers
 *   below must not know the modules);
 * - source files over 400 lines under server/ and src/ (.ts, .tsx, .mjs; migrations and
 *   *.generated.ts aside);
 * - `recordChange(` calls and `.transaction()` calls in server/modules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs)$/;
const EXEMPT = [/^server\/db\/migrations\//, /\.generated\.ts$/, /\.d\.ts$/];

/** The tree's files: from the disk, or for a commit its blobs read in one `git cat-file --batch`. */
function readTree(ref) {
  if (!ref) {
    const out = new Map();
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = `${dir}/${e.name}`;
        if (e.isDirectory()) { if (e.name !== 'node_modules') walk(p); } else if (SOURCE.test(p)) out.set(p, fs.readFileSync(p, 'utf8'));
      }
    };
    walk('server');
    walk('src');
    return out;
  }
  const entries = execFileSync('git', ['ls-tree', '-r', ref, '--', 'server', 'src'], { encoding: 'utf8', maxBuffer: 16 << 20 })
    .split('\n').filter(Boolean).map((l) => { const [meta, file] = l.split('\t'); return { id: meta.split(' ')[2], file }; })
    .filter((e) => SOURCE.test(e.file));
  const raw = execFileSync('git', ['cat-file', '--batch'], { input: `${entries.map((e) => e.id).join('\n')}\n`, maxBuffer: 256 << 20 });
  const out = new Map();
  let at = 0;
  for (const e of entries) {
    const nl = raw.indexOf(10, at);
    const size = Number(raw.subarray(at, nl).toString().split(' ')[2]);
    out.set(e.file, raw.subarray(nl + 1, nl + 1 + size).toString('utf8'));
    at = nl + 1 + size + 1;
  }
  return out;
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** Relative imports of a file, resolved to repository paths without extension. */
export function relativeImports(file, text) {
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])).replace(/\.(ts|tsx|js|mjs)$/, '');
    found.push(target);
  }
  return found;
}

const isModule = (p) => p.startsWith('server/modules/');
const isLowerLayer = (p) => /^server\/(services|resource|jobs|db|security|storage)\//.test(p);

export function collect(ref) {
  const result = { moduleImports: [], layerImports: [], overLimit: [], recordChange: 0, transaction: 0, moduleFiles: 0 };
  for (const [file, text] of readTree(ref)) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES && !EXEMPT.some((re) => re.test(file))) result.overLimit.push({ file, lines });
    if (!file.startsWith('server/')) continue;
    const self = file.replace(SOURCE, '');
    for (const target of relativeImports(file, text)) {
      if (!isModule(target) || target === self) continue;
      if (isModule(file)) result.moduleImports.push({ file, target });
      else if (isLowerLayer(file)) result.layerImports.push({ file, target });
    }
    if (isModule(file)) {
      result.moduleFiles += 1;
      result.recordChange += (text.match(/\brecordChange\(/g) ?? []).length;
      result.transaction += (text.match(/\.transaction\(\)/g) ?? []).length;
    }
  }
  result.overLimit.sort((a, b) => b.lines - a.lines);
  return result;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const ref = args.find((a) => !a.startsWith('--'));
  const r = collect(ref);
  if (json) {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  } else {
    const at = ref ? `at ${ref}` : 'working tree';
    console.log(`server-stats (${at})`);
    console.log(`  module files under server/modules:         ${r.moduleFiles}`);
    console.log(`  module-to-module imports:                  ${r.moduleImports.length}`);
    for (const i of r.moduleImports) console.log(`    ${i.file} -> ${i.target}`);
    console.log(`  lower layers importing a module:           ${r.layerImports.length}`);
    for (const i of r.layerImports) console.log(`    ${i.file} -> ${i.target}`);
    console.log(`  source files over ${MAX_LINES} lines (server, src): ${r.overLimit.length}`);
    for (const o of r.overLimit) console.log(`    ${String(o.lines).padStart(5)} ${o.file}`);
    console.log(`  recordChange( calls in modules:            ${r.recordChange}`);
    console.log(`  .transaction() calls in modules:           ${r.transaction}`);
  }
}
