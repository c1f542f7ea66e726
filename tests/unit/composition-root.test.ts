/**
 * Issue 24: the browser has one composition root. The engine imports no declaration, pane or
 * marketing preview, and the widgets import nothing of the engine (measured by the same script
 * anyone can run: node scripts/import-stats.mjs); every part reaches the engine through its one
 * registry, a map of lazy loaders per kind whose keys are the names.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../../src/app/parts';
import { loadPart, partLoader, partNames } from '../../src/engine/registry/registry';
import { isFieldWidget, isKnownWidget } from '../../src/engine/registry/widgets';
import { PANES } from '../../src/panes/index';
import { FIELD_WIDGETS, WIDGETS } from '../../src/widgets/index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('composition root', () => {
  it('the engine imports no catalogue, pane or preview; the widgets import no engine', () => {
    const stats = JSON.parse(execFileSync(process.execPath, ['scripts/import-stats.mjs', '--json'], { cwd: ROOT, encoding: 'utf8' }));
    expect(stats.engineToCatalogueImports).toBe(0);
    expect(stats.engineFilesImportingSchemaIndex).toBe(0);
    expect(stats.engineToPanesOrPreviewImports).toBe(0);
    expect(stats.widgetToEngineImports).toBe(0);
  });

  it('names come from the keys of the registered loader maps', () => {
    expect(partNames('pane')).toEqual(Object.keys(PANES));
    expect(partNames('widget')).toEqual(Object.keys(WIDGETS));
    expect(partNames('field')).toEqual(Object.keys(FIELD_WIDGETS));
    expect(partNames('screen')).toEqual(['crud', 'form', 'custom']);
    expect(isKnownWidget('menuTree')).toBe(true);
    expect(isKnownWidget('textarea')).toBe(true);
    expect(isKnownWidget('nope')).toBe(false);
    expect(isFieldWidget('names')).toBe(true);
    expect(isFieldWidget('select')).toBe(false);
  });

  it('an unknown name has no loader and loading it rejects', async () => {
    expect(partLoader('pane', 'nope')).toBeUndefined();
    expect(partLoader('pane', 'toString')).toBeUndefined();
    await expect(loadPart('widget', 'nope')).rejects.toThrow(/no widget "nope"/);
  });
});
