/**
 * The Ajv instances of the validator: JSON Schema draft-07 (Ajv's default class, the dialect
 * @rjsf/validator-ajv8 uses too), allErrors, verbose errors (for between), `$data`
 * references, finite numbers only, strict schemas (an unknown keyword or format in a declaration is an error at
 * compile time), no type coercion, no defaults. One instance per unknown-field mode.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { annotations, onAnnotation, registerAnnotations } from './annotations';
import { FORMATS } from './formats';
import { KEYWORDS } from './keywords';

export type UnknownFields = 'allow' | 'reject' | 'remove';

export { registerAnnotations };

const instances = new Map<UnknownFields, Ajv>();

const OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  $data: true,
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowUnionTypes: true,
  coerceTypes: false,
  // Infinity and NaN are not numbers (input.ts also bounds every integer to the database's).
  strictNumbers: true,
  useDefaults: false,
};

/** Registers the formats and `x-` keywords on any Ajv 8 instance (e.g. RJSF's extenderFn). */
export function extendAjv<T extends Ajv>(ajv: T): T {
  // ajv-formats' date, time, date-time, uri, uuid... (its limit keywords only once per instance).
  addFormats(ajv, { keywords: !ajv.getKeyword('formatMaximum') });
  for (const [name, rule] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: rule.test });
  for (const def of KEYWORDS) if (!ajv.getKeyword(def.keyword as string)) ajv.addKeyword(def);
  for (const name of annotations) if (!ajv.getKeyword(name)) ajv.addKeyword({ keyword: name });
  return ajv;
}

export function ajvFor(mode: UnknownFields): Ajv {
  let ajv = instances.get(mode);
  if (!ajv) {
    ajv = extendAjv(new Ajv({ ...OPTIONS, removeAdditional: mode === 'remove' }));
    instances.set(mode, ajv);
  }
  return ajv;
}

// Annotations registered after an instance was made are added to it too.
onAnnotation((name) => {
  for (const ajv of instances.values()) if (!ajv.getKeyword(name)) ajv.addKeyword({ keyword: name });
});
