/**
 * Issue 24: the lottery on the crud engine and the engine's wizard renderer
 * (src/schemas/activity/lottery-activity.json, src/engine/wizard). The list is the engine's
 * (declared columns, filters, the declaration's test hooks); add opens step 1, whose Next stays
 * with a message until a template is chosen, and focus moves to the step that opens; choosing
 * one goes on to step 2, and Back returns to step 1 with it still chosen; step 3's Next releases
 * the draft and ends the wizard on the list; the view page offers Edit (step 2 with ?id=).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/app/registerAll';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

vi.setConfig({ testTimeout: 150_000 });
afterEach(() => vi.unstubAllGlobals());

const ROW = { id: 5, draftId: null, name: 'Spring wheel', type: 2, from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z', timezoneId: 103, status: 2, enable: true, exchangeType: 1, updatedAt: '2025-01-02T03:04:05.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
const VIEW = {
  id: 7, draftId: 7, name: 'Draft wheel', templateId: 3, templateName: 'Red', type: 2, released: false, enable: true, status: null, qualificationType: 1,
  qualificationProduct: [], qualificationOrder: [], qualificationShipment: [], from: null, to: null, timezoneId: null, memberOnly: false, exchangeType: 1, payMethod: 0,
  picture: null, prizeInfo: [], exchangeForm: [], exchangeLocked: false, draftURL: null, updatedAt: ROW.updatedAt,
  draft: {
    templateId: 3, name: 'Draft wheel', qualificationType: 1, qualificationProduct: [], from: ROW.from, to: ROW.to, timezoneId: 103, memberOnly: false, enable: true,
    exchangeType: 1, payMethod: 0, picture: null, prizeInfo: [{ name: 'No prize', probability: 100, type: 0 }], exchangeForm: [],
  },
};

function api() {
  return fakeFetch((method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && path === 'marketing/lottery-activity') return { status: 200, body: { items: [ROW], total: 1 } };
    if (method === 'GET' && path === 'marketing/lottery-activity/template-options') return { status: 200, body: [{ id: 3, name: 'Red', gameType: 2, coverUrl: null }] };
    if (method === 'GET' && path === 'marketing/lottery-activity/7') return { status: 200, body: VIEW };
    if (method === 'GET' && path === 'marketing/lottery-activity/5') return { status: 200, body: { ...VIEW, id: 5, draftId: null, draft: null, released: true, status: 2, name: ROW.name, from: ROW.from, to: ROW.to, timezoneId: 103, prizeInfo: [] } };
    if (method === 'GET' && path.endsWith('/records')) return { status: 200, body: { items: [], total: 0 } };
    if (method === 'GET') return { status: 200, body: [] };
    if (method === 'POST' && path === 'marketing/lottery-activity') return { status: 201, body: { ...VIEW, released: true } };
    return undefined;
  });
}

const client = () => signedIn(menuOf([48, 49]), { tenantType: 2 });

describe('the lottery on the crud engine and its wizard', () => {
  it('lists with the declaration\'s hooks, and add runs the steps with Back, Next and a check per step', async () => {
    client();
    const { calls } = api();
    const { router } = renderApp('/activity/lottery-activity', { lang: 'en' });
    const row = await screen.findByTestId('lottery-row-5', {}, { timeout: 60_000 });
    expect(within(row).getByTestId('lottery-status')).toHaveTextContent('Ongoing');
    expect(within(row).getByTestId('lottery-name')).toHaveTextContent('Spring wheel');
    expect(screen.getByTestId('lottery-table')).toBeInTheDocument();
    // Sorting and paging are the server's: the list asked for the declared default.
    expect(calls.find((c) => c.path.startsWith('marketing/lottery-activity?'))?.path).toMatch(/sort=updatedAt&order=desc|order=desc/);

    fireEvent.click(screen.getByTestId('lottery-add'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/lottery-activity/create'));
    const step1 = await screen.findByTestId('lottery-create');
    await waitFor(() => expect(document.activeElement).toBe(step1));
    expect(within(step1).getByTestId('lottery-steps')).toHaveTextContent('Choose a template');
    await screen.findByTestId('template-3');
    // Next without a template: stays, says why.
    fireEvent.click(screen.getByTestId('lottery-next'));
    expect(await screen.findByTestId('template-missing')).toHaveTextContent('Choose a template');
    expect(router.state.location.pathname).toBe('/activity/lottery-activity/create');

    fireEvent.click(within(screen.getByTestId('template-3')).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/activity/lottery-activity/config?templateId=3'));
    const step2 = await screen.findByTestId('lottery-config');
    await waitFor(() => expect(step2.querySelector('input[name="name"]')).not.toBeNull());
    expect(within(step2).getByTestId('lottery-save-draft')).toHaveTextContent('Save and review');

    // Back: step 1 with the template still chosen; Next goes on with it.
    fireEvent.click(within(step2).getByTestId('lottery-back'));
    await waitFor(() => expect(router.state.location.search).toBe('?templateId=3'));
    expect(within(await screen.findByTestId('template-3')).getByRole('button')).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByTestId('lottery-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/lottery-activity/config'));
  });

  it('step 3 releases the draft and ends on the list; the view page offers Edit', async () => {
    client();
    const { calls } = api();
    const { router } = renderApp('/activity/lottery-activity/info?draftId=7', { lang: 'en' });
    expect(await screen.findByTestId('detail-name', {}, { timeout: 60_000 })).toHaveTextContent('Draft wheel');
    const release = screen.getByTestId('lottery-release');
    expect(release).toHaveTextContent('Create activity');
    fireEvent.click(release);
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/lottery-activity'));
    expect(JSON.parse(calls.find((c) => c.method === 'POST' && c.path === 'marketing/lottery-activity')!.body!)).toEqual({ draftId: 7 });
    expect(await screen.findByTestId('toast', {}, { timeout: 20_000 })).toHaveTextContent('Added successfully');
    await screen.findByTestId('lottery-row-5', {}, { timeout: 60_000 });

    await router.navigate('/activity/lottery-activity/detail?id=5');
    const page = await screen.findByTestId('lottery-detail');
    expect(await within(page).findByTestId('detail-status')).toHaveTextContent('Ongoing');
    expect(within(page).getByRole('button', { name: 'Download results' })).toBeInTheDocument();
    fireEvent.click(within(page).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/activity/lottery-activity/config?id=5'));
  });
});
