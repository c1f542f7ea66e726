/**
 * A date-time filter (format date-time: the exception and transaction logs) is the browser's
 * date-time input (FilterBar converts the picked local time to the UTC instant), not a text
 * box that wants an ISO string typed in.
 */
import { describe, expect, it } from 'vitest';
import { filterFields } from '../../src/engine/crud/FilterBar';

describe('date-time filters', () => {
  it('are a date-time field kind', () => {
    const fields = filterFields({ properties: { from: { type: 'string', format: 'date-time', title: 'From' }, code: { type: 'string' } } }, (k) => k);
    expect(fields.map((f) => f.kind)).toEqual(['dateTime', 'text']);
  });
});
