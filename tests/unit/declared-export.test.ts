/**
 * The declared export layer's start-up checks (server/resource/export.ts): a column naming a
 * grid column the declaration lacks, rows from neither (or both) a resource and a query, a
 * declaration without an export call: each throws when the module loads, not when a job runs.
 */
import { describe, expect, it } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { defineExport } from '../../server/resource/export';

const DECL = declaration('product.brand-product');
const TEST_CATEGORY = 9_001;
const query = () => { throw new Error('not run'); };

describe('defineExport', () => {
  it('takes grid columns of the declaration and i18n labels', () => {
    expect(() => defineExport<{ name: string }>({
      declaration: DECL, category: TEST_CATEGORY, rows: { query, keyset: 'x.id' },
      columns: [{ grid: 'name', key: 'name' }, { label: 'screens.brandProduct.materials', value: () => '' }], fileName: 'screens.brandProduct.title',
    })).not.toThrow();
  });

  it('refuses a column that is not one of the grid\'s', () => {
    expect(() => defineExport<{ name: string }>({
      declaration: DECL, category: TEST_CATEGORY, rows: { query, keyset: 'x.id' }, columns: [{ grid: 'nope', key: 'name' }], fileName: 'x',
    })).toThrow(/nope is not a grid column/);
  });

  it('reads rows from a resource or a query, one of them', () => {
    expect(() => defineExport<{ name: string }>({
      declaration: DECL, category: TEST_CATEGORY, rows: { keyset: 'x.id' }, columns: [], fileName: 'x',
    })).toThrow(/rows.resource or rows.query/);
  });

  it('needs an export call', () => {
    expect(() => defineExport<{ name: string }>({
      declaration: declaration('product.brand'), category: TEST_CATEGORY, rows: { query, keyset: 'x.id' }, columns: [], fileName: 'x',
    })).toThrow(/api.export or a call/);
  });
});
