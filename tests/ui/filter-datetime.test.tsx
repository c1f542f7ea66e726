/**
 * Date and date-time filters (format date / date-time: the exception, member order and
 * transaction logs) use the MUI X picker the forms use (YYYY/MM/DD HH:mm, typed section by
 * section with the keyboard or picked), not the browser's native mm/dd/yyyy box; a date-time
 * filter applies the UTC instant.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar, filterFields } from '../../src/engine/crud/FilterBar';
import { withProviders } from './harness';

vi.setConfig({ testTimeout: 60_000 });

const SCHEMA = { type: 'object', properties: { startTime: { type: 'string', format: 'date-time', title: 'From' }, day: { type: 'string', format: 'date', title: 'Day' }, code: { type: 'string' } } };

describe('date-time filters', () => {
  it('are date and date-time field kinds', () => {
    expect(filterFields(SCHEMA, (k) => k).map((f) => f.kind)).toEqual(['dateTime', 'date', 'text']);
  });

  it('are the forms\' picker, keyboard-usable, and apply the UTC instant', async () => {
    const applied: Record<string, unknown>[] = [];
    withProviders(<FilterBar schema={SCHEMA} applied={{ startTime: '2025-01-15T02:30:00.000Z' }} onApply={(f) => applied.push(f)} />, 'en');
    const bar = screen.getByTestId('crud-filters');
    const input = await waitFor(() => {
      const el = bar.querySelector<HTMLInputElement>('input[name="startTime"]');
      expect(el).not.toBeNull();
      return el!;
    }, { timeout: 30_000 });
    expect(bar.querySelector('input[type="datetime-local"], input[type="date"]')).toBeNull();
    const local = new Date('2025-01-15T02:30:00.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(input.value).toBe(`${local.getFullYear()}/${pad(local.getMonth() + 1)}/${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`);
    expect(bar.querySelector<HTMLInputElement>('input[name="day"]')!.value).toBe('');

    // The year section, one year up with the keyboard.
    const field = within(screen.getByTestId('date-filter-startTime'));
    const year = field.getAllByRole('spinbutton')[0];
    await act(async () => {
      fireEvent.mouseDown(year);
      fireEvent.click(year);
      year.focus();
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? year, { key: 'ArrowUp' });
    });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0].startTime).toBe('2026-01-15T02:30:00.000Z');
  });
});
