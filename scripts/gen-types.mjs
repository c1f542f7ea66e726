/**
 * Writes src/domain/declarations.generated.ts: the TypeScript type of a screen declaration,
 * generated from src/schemas/screen.schema.json (json-schema-to-typescript), so the two
 * cannot drift. `npm run gen:types`; tests/unit/declaration-types.test.ts fails when the
 * committed file is stale. `--check` exits 1 instead of writing when it differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_FILE = path.join(ROOT, 'src/schemas/screen.schema.json');
export const TYPES_FILE = path.join(ROOT, 'src/domain/declarations.generated.ts');

const BANNER = `/* eslint-disable */
/**
 * GENERATED from src/schemas/screen.schema.json by \`npm run gen:types\` (json-schema-to-typescript).
 * Do not edit: change the schema and run the script; a unit test fails when this file is stale.
 */`;

export async function generate() {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'));
  delete schema.$id;
  return compile(schema, 'ScreenDeclarationJson', {
    bannerComment: BANNER,
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = await generate();
  if (process.argv.includes('--check')) {
    const same = fs.existsSync(TYPES_FILE) && fs.readFileSync(TYPES_FILE, 'utf8') === text;
    if (!same) console.error(`${path.relative(ROOT, TYPES_FILE)} is stale: run npm run gen:types`);
    process.exit(same ? 0 : 1);
  }
  fs.writeFileSync(TYPES_FILE, text);
  console.log(`wrote ${path.relative(ROOT, TYPES_FILE)}`);
}
