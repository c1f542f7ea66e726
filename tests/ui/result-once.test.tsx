/**
 * A generated password (a new account, a password reset, a new client's administrator) is
 * shown once: in its box with a copy button, not again in the sentence above it. The list total
 * is counted in the interface language (1 item, 2 items; zh has no plural).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CrudPagination } from '../../src/engine/crud/CrudPagination';
import { ResultDialog } from '../../src/engine/crud/ResultDialog';
import { withProviders } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const times = (text: string, part: string) => text.split(part).length - 1;

describe('result dialog', () => {
  it.each(['en', 'zh_TW', 'zh_CN'])('shows a new account\'s default password once, with a copy button (%s)', async (lang) => {
    withProviders(<ResultDialog info={{ key: 'screens.employee.defaultPasswordResult', known: { account: 'amy' }, answer: { id: 5, account: 'amy', defaultPassword: 'Xy7pQ2zz' } }} onClose={() => undefined} />, lang);
    const modal = await screen.findByTestId('result-modal');
    expect(times(modal.textContent ?? '', 'Xy7pQ2zz')).toBe(1);
    expect(within(modal).getByTestId('result-value')).toHaveTextContent('Xy7pQ2zz');
    expect(modal.textContent).toContain('amy');
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (s: string) => { copied = s; } }, configurable: true });
    await act(async () => fireEvent.click(within(modal).getByTestId('result-copy')));
    expect(copied).toBe('Xy7pQ2zz');
  });

  it('shows a new client\'s activation code, account and password once each', async () => {
    withProviders(<ResultDialog info={{ key: 'screens.client.createResult', known: { code: 'acme' }, answer: { clientCode: 'acme', activationCode: 'ABCDEFGH23456789', account: 'admin', defaultPassword: 'Qw3rty78' } }} onClose={() => undefined} />, 'en');
    const modal = await screen.findByTestId('result-modal');
    const text = modal.textContent ?? '';
    expect(times(text, 'Qw3rty78')).toBe(1);
    expect(times(text, 'ABCDEFGH23456789')).toBe(1);
    expect(within(modal).getByTestId('result-value-defaultPassword')).toHaveTextContent('Qw3rty78');
  });
});

describe('list total', () => {
  it.each([
    ['en', 1, '1 item in total'],
    ['en', 2, '2 items in total'],
    ['zh_TW', 1, '共 1 筆'],
    ['zh_CN', 1, '共 1 条'],
  ] as const)('counts in the interface language (%s, %i)', async (lang, total, text) => {
    withProviders(<CrudPagination page={1} pageCount={1} total={total} onChange={() => undefined} />, lang);
    expect(await screen.findByTestId('crud-total')).toHaveTextContent(text);
  });
});
