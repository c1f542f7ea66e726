/**
 * The declaration's TypeScript type is generated from screen.schema.json (npm run gen:types):
 * this fails when the committed src/domain/declarations.generated.ts no longer matches the schema.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { generate, TYPES_FILE } from '../../scripts/gen-types.mjs';

describe('generated declaration type', () => {
  it('is what npm run gen:types writes from the current screen.schema.json', async () => {
    const fresh = (await generate()) as string;
    expect(fs.readFileSync(TYPES_FILE as string, 'utf8'), 'run npm run gen:types and commit the file').toBe(fresh);
  }, 30_000);
});
