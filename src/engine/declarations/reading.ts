/**
 * What a screen declaration names, read for its checks (checks.ts) and the schema tests: the
 * i18n keys and widgets it names, the texts of a key, and what the meta-schema
 * (screen.schema.json) finds. Pure TypeScript: no React, no Node APIs.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FormDeclarationJson, ScreenDeclaration } from '../../domain/declarations';
import type { Lang } from '../../domain/lang';
import { resources } from '../../locales';
import SCREEN_SCHEMA from '../../schemas/screen.schema.json';
import { rowActionsOf } from '../crud/extensions';

/** A problem without its check: where in the declaration, and what. */
export type Found = { path: string; message: string };

export type Node = Record<string, unknown>;
export const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

export function walk(value: unknown, where: string, visit: (node: Node, where: string) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => { walk(v, `${where}.${i}`, visit); });
  else if (isNode(value)) {
    visit(value, where);
    for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, visit);
  }
}

export const propsOf = (schema: unknown): string[] => Object.keys(isNode(schema) && isNode(schema.properties) ? schema.properties : {});

/** The text of an i18n key in a language, or undefined. */
export function textOf(lang: Lang, key: string): string | undefined {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) {
    if (!isNode(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The {{placeholders}} of a text, sorted, once each. */
export const placeholdersOf = (s: string): string[] => [...new Set([...s.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

// --- What a declaration names ------------------------------------------------------------

const UI_TEXT_KEYS = ['ui:placeholder', 'ui:help', 'ui:title', 'ui:description'];

/** Every i18n key a declaration names, with where. */
export function i18nKeysOf(decl: ScreenDeclaration): { where: string; key: string }[] {
  const out: { where: string; key: string }[] = [];
  const add = (where: string, key: unknown) => typeof key === 'string' && out.push({ where, key });
  const schemaTexts = (schema: unknown, root: string) =>
    walk(schema, root, (node, where) => {
      if (where.endsWith('.properties')) return; // property names, not schema keywords
      if (typeof node.title === 'string') add(`${where}.title`, node.title);
      if (typeof node.description === 'string') add(`${where}.description`, node.description);
    });
  const uiTexts = (ui: unknown, root: string) =>
    walk(ui, root, (node, where) => {
      for (const k of UI_TEXT_KEYS) if (typeof node[k] === 'string') add(`${where}.${k}`, node[k]);
    });
  // A rule without a message (required_if) says 'required'.
  const ruleTexts = (rules: FormDeclarationJson['rules'], root: string) =>
    rules?.forEach((r, j) => {
      const message = r.message ?? 'required';
      add(`${root}.${j}.message`, message.startsWith('validation.') ? message : `validation.${message}`);
    });
  add('title', decl.title);
  if (decl.description) add('description', decl.description);
  decl.grid?.columns?.forEach((c, i) => { add(`grid.columns.${i}.label`, c.label); });
  decl.wizard?.steps.forEach((s, i) => {
    add(`wizard.steps.${i}.title`, s.title);
    if (s.next) add(`wizard.steps.${i}.next.label`, s.next.label);
  });
  if (decl.wizard?.view?.title) add('wizard.view.title', decl.wizard.view.title);
  rowActionsOf(decl).forEach((a, i) => {
    add(`grid.rowActions.${i}.label`, a.label);
    for (const k of ['confirm', 'result', 'notice'] as const) if (a[k]) add(`grid.rowActions.${i}.${k}`, a[k]);
    // A row action's input form: its title, field titles and hints.
    if (!a.input) return;
    if (a.input.title) add(`grid.rowActions.${i}.input.title`, a.input.title);
    schemaTexts(a.input.schema, `grid.rowActions.${i}.input.schema`);
    uiTexts(a.input.uiSchema, `grid.rowActions.${i}.input.uiSchema`);
    ruleTexts(a.input.rules, `grid.rowActions.${i}.input.rules`);
  });
  if (decl.grid?.createResult) add('grid.createResult', decl.grid.createResult);
  schemaTexts(decl.filters?.schema, 'filters.schema');
  schemaTexts(decl.form?.schema, 'form.schema');
  uiTexts(decl.filters?.uiSchema, 'filters.uiSchema');
  uiTexts(decl.form?.uiSchema, 'form.uiSchema');
  ruleTexts(decl.form?.rules, 'form.rules');
  return out;
}

/** Every ui:widget (and ui:field) a declaration names. */
export function widgetsOf(decl: ScreenDeclaration): { where: string; widget: unknown }[] {
  const out: { where: string; widget: unknown }[] = [];
  const parts: [string, unknown][] = [['filters.uiSchema', decl.filters?.uiSchema], ['form.uiSchema', decl.form?.uiSchema]];
  rowActionsOf(decl).forEach((a, i) => { if (a.input) parts.push([`grid.rowActions.${i}.input.uiSchema`, a.input.uiSchema]); });
  for (const [root, part] of parts) {
    walk(part, root, (node, where) => {
      if ('ui:widget' in node) out.push({ where: `${where}.ui:widget`, widget: node['ui:widget'] });
      if ('ui:field' in node) out.push({ where: `${where}.ui:field`, widget: node['ui:field'] });
    });
  }
  return out;
}

// --- The meta-schema ---------------------------------------------------------------------

let metaValidate: ValidateFunction | null = null;

/** Where an Ajv error points, dotted; an unknown property is named in the path. */
function errorPath(e: ErrorObject): string {
  const parts = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'additionalProperties') parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
  if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
  return parts.join('.');
}

function errorMessage(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'enum') return `${e.message}: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

/** The problems screen.schema.json finds (the same Ajv settings as before: draft-07, allErrors). */
export function metaSchemaProblems(decl: unknown): Found[] {
  metaValidate ??= new Ajv({ allErrors: true, strict: false }).compile(SCREEN_SCHEMA as object);
  if (metaValidate(decl)) return [];
  // `if/then` and `anyOf` repeat what their branches said; keep the specific errors.
  const errors = (metaValidate.errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const seen = new Set<string>();
  return errors
    .map((e) => ({ path: errorPath(e), message: errorMessage(e) }))
    .filter((p) => !seen.has(`${p.path}|${p.message}`) && !!seen.add(`${p.path}|${p.message}`));
}
