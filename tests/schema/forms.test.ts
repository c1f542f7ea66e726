/**
 * The forms the engine shows outside a screen (src/schemas/<module>/<form>.json with
 * `"$schema": "../form.schema.json"`: the top bar's profile and password dialogs): each file is
 * listed once in src/schemas/index.ts (FORM_FILES) under the id of its path, obeys
 * form.schema.json (its form shaped like a screen's), names i18n keys that exist in zh_TW, zh_CN
 * and en, and passes the form checks a screen's form passes (its own fields, enums, widgets,
 * visibleIf, the shared validator).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { FormFile, ScreenDeclaration } from '../../src/domain/declarations';
import { LANGS } from '../../src/domain/lang';
import { checkDeclaration, i18nKeysOf, textOf } from '../../src/engine/declarations/checks';
import '../../src/app/parts';
import { FORM_FILES } from '../../src/schemas/index';
import FORM_SCHEMA from '../../src/schemas/form.schema.json';
import SCREEN_SCHEMA from '../../src/schemas/screen.schema.json';

const SCHEMAS_DIR = fileURLToPath(new URL('../../src/schemas', import.meta.url));
const FORM_CHECKS = ['enums', 'concreteEnums', 'ownFields', 'visibleIf', 'validator', 'widgets', 'optionSources'];

const onDisk = (fs.readdirSync(SCHEMAS_DIR, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((file) => ({ file, json: JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as FormFile & { $schema?: string } }))
  .filter(({ json }) => json.$schema === '../form.schema.json');

const registry = FORM_FILES as readonly FormFile[];
const validate = new Ajv({ allErrors: true, strict: false }).addSchema(SCREEN_SCHEMA as object, 'screen.schema.json').compile(FORM_SCHEMA as object);

describe('forms outside a screen: the registry', () => {
  it('finds the account dialogs forms', () => {
    expect(onDisk.map((f) => f.json.id).sort()).toEqual(['session.password', 'session.profile']);
  });

  it('lists every file once, under the id of its path, and nothing else', () => {
    const ids = registry.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(onDisk.map((f) => f.json.id).sort());
    for (const { file, json } of onDisk) {
      expect(json.id, file).toBe(file.replace(/\.json$/, '').replace('/', '.'));
      expect(registry.find((f) => f.id === json.id)).toEqual(json);
    }
  });
});

describe.each(onDisk)('form $file', ({ json }) => {
  it('obeys form.schema.json', () => {
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names i18n keys that exist in zh_TW, zh_CN and en', () => {
    const keys = i18nKeysOf({ form: json.form } as unknown as ScreenDeclaration);
    expect(keys.length).toBeGreaterThan(0);
    for (const { where, key } of keys) for (const lang of LANGS) expect(textOf(lang, key), `${where}: ${key} in ${lang}`).toMatch(/\S/);
  });

  it('passes the form checks of a screen', () => {
    expect(checkDeclaration({ id: json.id, form: json.form }, {}, FORM_CHECKS)).toEqual([]);
  });
});
