/**
 * Form benchmark: the shared validator (src/domain/validation) and the RJSF rendering of a
 * generated 100-field declaration (bench/form-declaration.ts).
 *
 *  (a) compile: the first createValidator call (cold: the process's Ajv instance is created
 *      too), then compiles of fresh copies of the declaration (warm), and the server's first
 *      validateBody (unknown fields rejected: a second compiled variant);
 *  (b) validate a valid and an invalid body: median and p95 over VALIDATE_RUNS runs, after a
 *      warm-up;
 *  (c) render the form to an HTML string with react-dom/server renderToString (server-side
 *      rendering in Node, not a browser paint: no layout, no effects, no hydration) — plain
 *      @rjsf/mui Form with @rjsf/validator-ajv8, and, when importable without a browser, the
 *      engine's own RJSF setup (src/engine/crud/rjsf.tsx templates and validator, the
 *      src/widgets registry, schemaForm's uiSchema) with the same schema.
 *
 * Run alone: `npx tsx bench/form.ts`.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import Form from '@rjsf/mui';
import rjsfAjv8 from '@rjsf/validator-ajv8';
import { resolveForm } from '../src/domain/declarations';
import { createValidator, validateBody } from '../src/domain/validation/index';
import { FIELD_COUNT, invalidBody, makeDeclaration, plainUiSchema, validBody } from './form-declaration';
import { fmtMs, median, nowMs, percentile, sample, table, type Section } from './stats';

const VALIDATE_RUNS = Number(process.env.BENCH_VALIDATE_RUNS ?? 2000);
const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 50);
const WARM_COMPILES = 5;
const VALIDATE_WARMUP = 1000;

type Row = [string, string, string, string];

function timed<T>(fn: () => T): [T, number] {
  const t = nowMs();
  const value = fn();
  return [value, nowMs() - t];
}

/** Median/p95 of a sampled operation as a row. */
function statRow(label: string, runs: number, fn: () => unknown, warmup = Math.min(200, runs)): Row {
  sample(warmup, fn);
  const times = sample(runs, fn);
  return [label, fmtMs(median(times)), fmtMs(percentile(times, 95)), String(runs)];
}

interface RenderVariant {
  label: string;
  element: () => ReactElement;
}

function renderRows(variant: RenderVariant): { rows: Row[]; htmlKb: number } {
  const [html, first] = timed(() => renderToString(variant.element()));
  const times = sample(RENDER_RUNS, () => renderToString(variant.element()));
  return {
    htmlKb: Buffer.byteLength(html) / 1024,
    rows: [
      [`${variant.label}: first render`, fmtMs(first), '', '1'],
      [`${variant.label}: renderToString`, fmtMs(median(times)), fmtMs(percentile(times, 95)), String(RENDER_RUNS)],
    ],
  };
}

/** The engine's RJSF setup, if it can be imported and rendered in Node; else the reason. */
async function engineVariant(decl: ReturnType<typeof resolveForm>, formData: Record<string, unknown>): Promise<RenderVariant | string> {
  try {
    const [{ rjsfValidator, rjsfTemplates, pathNameGenerator }, widgets, schemaForm, i18nextMod, reactI18next, locales] = await Promise.all([
      import('../src/engine/crud/rjsf'),
      import('../src/widgets/index'),
      import('../src/engine/crud/schemaForm'),
      import('i18next'),
      import('react-i18next'),
      import('../src/locales/index'),
    ]);
    const i18n = i18nextMod.default.createInstance();
    await i18n.use(reactI18next.initReactI18next).init({
      resources: locales.resources, lng: 'en', fallbackLng: 'zh_TW', interpolation: { escapeValue: false }, showSupportNotice: false,
    } as Parameters<typeof i18n.init>[0]);
    const t = ((key: string, options?: Record<string, unknown>) => i18n.t(key, options)) as (key: string, options?: Record<string, unknown>) => string;
    const schema = schemaForm.localizeSchema(decl.schema, t) as Record<string, unknown>;
    const uiSchema = schemaForm.buildUiSchema(decl.schema, decl.uiSchema, t);
    const element = () => createElement(reactI18next.I18nextProvider, { i18n },
      createElement(Form as ComponentType<any>, {
        schema, uiSchema, formData, validator: rjsfValidator, templates: rjsfTemplates, widgets: widgets.WIDGETS,
        fields: widgets.FIELD_WIDGETS, nameGenerator: pathNameGenerator, formContext: { columns: 2 }, noHtml5Validate: true,
      }));
    // A widget that needs a browser fails here, not in the measured loop.
    const html = renderToString(element());
    if (!html.includes('name="f00"')) return 'rendered without the generated fields (no input named f00)';
    return { label: 'engine setup', element };
  } catch (err) {
    return `not renderable in Node: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  }
}

export async function runFormBench(log: (line: string) => void = () => {}): Promise<Section> {
  const notes: string[] = [];
  const rows: Row[] = [['operation', 'median', 'p95', 'runs']];
  const fieldCount = Object.keys((makeDeclaration().schema as { properties: object }).properties).length;
  if (fieldCount !== FIELD_COUNT) throw new Error(`the generated declaration has ${fieldCount} fields`);

  // (a) compile
  log('form: compiling the validator');
  const decl = resolveForm(makeDeclaration());
  const [validate, cold] = timed(() => createValidator(decl));
  rows.push(['compile: first createValidator (cold: new Ajv + compile)', fmtMs(cold), '', '1']);
  const warm: number[] = [];
  for (let i = 0; i < WARM_COMPILES; i++) {
    const fresh = resolveForm(makeDeclaration());
    warm.push(timed(() => createValidator(fresh))[1]);
  }
  rows.push(['compile: createValidator, fresh declaration (warm)', fmtMs(median(warm)), fmtMs(Math.max(...warm)), String(WARM_COMPILES)]);
  const good = validBody();
  const bad = invalidBody();
  const [firstBody, serverCompile] = timed(() => validateBody(decl, good));
  rows.push(['compile: first validateBody (server mode, unknown fields rejected)', fmtMs(serverCompile), '', '1']);
  if (!firstBody.ok) throw new Error(`the valid body fails: ${JSON.stringify(firstBody.errors).slice(0, 300)}`);

  // (b) validate
  log(`form: validating ${VALIDATE_RUNS} times each`);
  const goodErrors = Object.keys(validate(good)).length;
  const badErrors = Object.keys(validate(bad)).length;
  if (goodErrors !== 0) throw new Error(`the valid body has ${goodErrors} errors`);
  // Warm the three paths together first: measured one after the other without it, whichever
  // runs first pays for the JIT and reads slower.
  for (let i = 0; i < VALIDATE_WARMUP; i++) { validate(good); validate(bad); validateBody(decl, good); }
  rows.push(statRow('validate: valid body (createValidator)', VALIDATE_RUNS, () => validate(good), 0));
  rows.push(statRow(`validate: invalid body, ${badErrors} field errors`, VALIDATE_RUNS, () => validate(bad), 0));
  rows.push(statRow('validateBody: valid body (server path)', VALIDATE_RUNS, () => validateBody(decl, good), 0));

  // (c) render
  log(`form: rendering ${RENDER_RUNS} times per variant`);
  const plain: RenderVariant = {
    label: 'RJSF plain',
    element: () => createElement(Form as ComponentType<any>, {
      schema: decl.schema, uiSchema: plainUiSchema(decl), formData: good, validator: rjsfAjv8, noHtml5Validate: true,
    }),
  };
  const plainResult = renderRows(plain);
  rows.push(...plainResult.rows);
  notes.push(`RJSF plain = @rjsf/mui Form + @rjsf/validator-ajv8 (default validator), ${FIELD_COUNT} fields filled with the valid body: ${plainResult.htmlKb.toFixed(0)} KB of HTML.`);
  const engine = await engineVariant(decl, good);
  if (typeof engine === 'string') {
    notes.push(`Engine setup (src/engine/crud/rjsf.tsx + src/widgets): ${engine}; only plain RJSF was measured.`);
  } else {
    const engineResult = renderRows(engine);
    rows.push(...engineResult.rows);
    notes.push(`engine setup = the same Form with src/engine/crud/rjsf.tsx (validator with the project's formats and x- keywords, templates, path names), the src/widgets registry (date, dialCode, phone widgets) and schemaForm's uiSchema, inside an I18nextProvider (en): ${engineResult.htmlKb.toFixed(0)} KB of HTML. The engine's dialog component itself was not used (it needs the app's session and router).`);
  }
  notes.push('Rendering is react-dom/server renderToString in Node (server-side rendering), not a browser paint: no layout, effects or hydration; first render includes lazy module and style set-up.');
  return { title: `Form: ${FIELD_COUNT}-field declaration (validator and RJSF)`, table: rows, notes };
}

// Run alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  runFormBench((l) => console.error(l)).then((s) => {
    console.log(`${s.title}\n${table(s.table)}\n${s.notes.map((n) => `- ${n}`).join('\n')}`);
  });
}
