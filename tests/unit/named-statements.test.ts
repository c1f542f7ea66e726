import { describe, expect, it } from 'vitest';
import { statementName } from '../../server/db/namedStatements';

describe('named statements (server/db/namedStatements.ts)', () => {
  it('names a statement with parameters from its second use on, the same name every time after', () => {
    const text = 'select id from users where tenant_id = $1 and id = $2 -- unit a';
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^oioc_\d+$/);
    expect(statementName(text)).toBe(name);
  });

  it('never names a pattern search: its plan depends on the pattern, planned for each value', () => {
    const text = 'select id from users where tenant_id = $1 and name ilike $2 -- unit b';
    for (let i = 0; i < 5; i++) expect(statementName(text)).toBeUndefined();
    const like = 'select id from users where account LIKE $1 -- unit c';
    for (let i = 0; i < 5; i++) expect(statementName(like)).toBeUndefined();
  });
});
