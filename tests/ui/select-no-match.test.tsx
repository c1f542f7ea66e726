/**
 * Every select says the localized 'no match data' when nothing matches, set once for every
 * MUI Autocomplete by the app's theme: the lottery wizard's own selects (order package rows)
 * included, in the user's language (zh_TW by default), never MUI's English "No options".
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LotteryConfigStep from '../../src/panes/lottery/LotteryConfigStep';
import { declaration } from '../../src/domain/declarations';
import { config, fakeFetch, withProviders } from './harness';

const LOTTERY = declaration('activity.lottery-activity');

afterEach(() => vi.unstubAllGlobals());

function api() {
  return fakeFetch((_method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (path === 'marketing/lottery-activity/template-options') return { status: 200, body: [] };
    if (path === 'marketing/lottery-activity/product' || path === 'marketing/lottery-activity/binding-info') return { status: 200, body: [] };
    return undefined;
  });
}

async function openOrderPackageProduct() {
  fireEvent.click(await screen.findByRole('radio', { name: /訂單包裝|Order package/ }, { timeout: 30_000 }));
  const rows = await screen.findByTestId('qualificationOrder');
  fireEvent.click(within(rows).getByRole('button'));
  const input = await screen.findByRole('combobox', { name: /商品|Product/ }) as HTMLInputElement;
  fireEvent.mouseDown(input);
  return input;
}

describe('selects with nothing to choose', () => {
  it('the lottery wizard\'s product select says the localized no-match text', async () => {
    api();
    withProviders(<MemoryRouter initialEntries={['/activity/lottery-activity/config?templateId=3']}><LotteryConfigStep decl={LOTTERY} query={new URLSearchParams('templateId=3')} go={() => {}} /></MemoryRouter>, 'zh_TW');
    await openOrderPackageProduct();
    expect(await screen.findByText('查無符合資料')).toBeInTheDocument();
    expect(screen.queryByText('No options')).toBeNull();
  });

  it('in English too', async () => {
    api();
    withProviders(<MemoryRouter initialEntries={['/activity/lottery-activity/config?templateId=3']}><LotteryConfigStep decl={LOTTERY} query={new URLSearchParams('templateId=3')} go={() => {}} /></MemoryRouter>, 'en');
    await openOrderPackageProduct();
    expect(await screen.findByText('No match data')).toBeInTheDocument();
    expect(screen.queryByText('No options')).toBeNull();
  });
});
