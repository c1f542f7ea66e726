/**
 * The game template dialog over a faked /v1 (the declared crud screen activity.game-template):
 *  - the live miniature of the wheel redraws with the new colours as the fields change, and
 *    what is saved is what it shows (POST marketing/activity-template with the core);
 *  - an image uploaded through marketing/activity-template/files (an array of urls) lands in
 *    the core and in the miniature;
 *  - another game shows its own miniature and keys (ring toss: 9 doll slots);
 *  - the dialog closes when the answer carries the templateId;
 *  - check-in and the templates resolve to their declared screens.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAMES } from '../../src/domain/activity/templates';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { screenPaths } from '../../src/engine/crud/registerAll';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, signedIn, withProviders } from './harness';

const decl = declaration('activity.game-template')!;
const LOGO = '/files/0123456789abcdef0123456789abcdef.png';

function stub() {
  const saved: Record<string, unknown>[] = [];
  const faked = fakeFetch((method, full, init) => {
    const p = full.split('?')[0];
    if (p.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && p === 'marketing/activity-template') return { status: 200, body: { items: [], total: 0 } };
    if (method === 'POST' && p === 'marketing/activity-template/files') return { status: 201, body: [LOGO] };
    if (method === 'POST' && p === 'marketing/activity-template') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      saved.push(body);
      return { status: 201, body: { ...body, id: 7, templateId: 7, typeCode: GAMES[1].typeCode, viewKey: 'view_wheel', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' } };
    }
    if (method === 'GET') return { status: 200, body: [] };
    return undefined;
  });
  return { ...faked, saved };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
});

const segments = () => Array.from(screen.getByTestId('game-miniature').querySelectorAll('[data-testid="wheel-segment"]')).map((p) => p.getAttribute('fill'));

describe('game template dialog', () => {
  it('redraws the wheel miniature with the new colours, uploads an image, saves the core and closes on templateId', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { saved, calls } = stub();
    withProviders(<CrudView decl={decl} />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    const dialog = await screen.findByTestId('crud-form');

    // The wheel by default: 8 segments in the default colours 1 and 2, the rim in wheelColor.
    const mini = await within(dialog).findByTestId('game-miniature');
    expect(mini).toHaveAttribute('data-game-type', '2');
    expect(segments()).toEqual(['#ffd45c', '#fff7e0', '#ffd45c', '#fff7e0', '#ffd45c', '#fff7e0', '#ffd45c', '#fff7e0']);
    expect(within(mini).getByTestId('wheel-rim')).toHaveAttribute('fill', '#b83a24');

    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Autumn wheel' } });
    // The colour picker and the hex text both drive it.
    fireEvent.change(within(dialog).getByTestId('color-wheelColor1'), { target: { value: '#00aa11' } });
    await waitFor(() => expect(segments()[0]).toBe('#00aa11'));
    expect(segments()[1]).toBe('#fff7e0');
    fireEvent.change(dialog.querySelector('input[name="core.wheelColor"]')!, { target: { value: '#123456' } });
    await waitFor(() => expect(within(screen.getByTestId('game-miniature')).getByTestId('wheel-rim')).toHaveAttribute('fill', '#123456'));
    fireEvent.change(dialog.querySelector('input[name="core.textColor"]')!, { target: { value: '#ff0000' } });
    await waitFor(() => expect(screen.getByTestId('game-miniature').querySelector('[data-testid="wheel-label"]')).toHaveAttribute('fill', '#ff0000'));
    // The title drawn in the miniature follows the name.
    expect(within(screen.getByTestId('game-miniature')).getByTestId('mini-title')).toHaveTextContent('Autumn wheel');

    // A logo through the template upload route.
    const input = within(dialog).getByTestId('style-core.LogoImage-input');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([new Uint8Array(100)], 'logo.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(screen.getByTestId('game-miniature').querySelector(`image[href="${LOGO}"]`)).not.toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('marketing/activity-template/files'))).toBe(true);

    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      name: 'Autumn wheel', gameType: 2,
      core: { wheelColor: '#123456', wheelColor1: '#00aa11', wheelColor2: '#fff7e0', textColor: '#ff0000', LogoImage: LOGO },
    });
    await waitFor(() => expect(screen.queryByTestId('crud-form')).toBeNull());
  });

  it('shows the chosen game: ring toss with its 9 doll slots and its own miniature, without the wheel keys', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { saved } = stub();
    withProviders(<CrudView decl={decl} />);
    fireEvent.click(await screen.findByTestId('crud-add'));
    const dialog = await screen.findByTestId('crud-form');
    fireEvent.change(within(dialog).getByTestId('color-wheelColor'), { target: { value: '#000000' } });
    // The game select (MUI): open it and choose Ring toss.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Game/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ring toss' }));
    await waitFor(() => expect(screen.getByTestId('game-miniature')).toHaveAttribute('data-game-type', '4'));
    expect(within(dialog).getByTestId('style-list-DollImages').querySelectorAll('[data-testid^="style-slot-DollImages-"]')).toHaveLength(9);
    expect(screen.getByTestId('game-miniature').querySelectorAll('[data-testid="grid-cell"]')).toHaveLength(9);
    expect(within(dialog).queryByTestId('color-wheelColor')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('color-ringColor'), { target: { value: '#336699' } });
    await waitFor(() => expect(screen.getByTestId('game-miniature').querySelector('[data-testid="grid-cell"] rect')).toHaveAttribute('stroke', '#336699'));
    // Beside the sketch, the consumer page's own ring toss in the chosen colour (issue 26).
    await waitFor(() => expect(screen.getByTestId('game-live-preview').querySelector('[data-game="view_ringtoss"] .ring')).toHaveStyle({ borderColor: '#336699' }));
    expect(screen.getByTestId('game-live-preview').querySelectorAll('[data-game="view_ringtoss"] .doll')).toHaveLength(9);
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Rings' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].gameType).toBe(4);
    const core = saved[0].core as Record<string, unknown>;
    expect(core).not.toHaveProperty('wheelColor');
    expect(core.ringColor).toBe('#336699');
    expect(core.DollImages).toEqual(Array(9).fill(''));
  });
});

describe('routes', () => {
  it('puts the templates on the lottery path and check-in on its own', () => {
    const declared = screenPaths('crud');
    expect(declared).toContain('/activity/lottery-activity');
    expect(declared).toContain('/activity/check-in-activity');
  });
});

describe('check-in dialog', () => {
  const checkInDecl = declaration('activity.check-in')!;
  const PIC = '/files/fedcba9876543210fedcba9876543210.png';
  // Taipei: 2030-05-01 00:00 to 2030-05-02 23:59, 2 days; 2 days required with their 2 entries.
  const row = {
    id: 3, name: 'May check-in', enable: true, timezoneId: 103, from: '2030-04-30T16:00:00.000Z', to: '2030-05-02T15:59:00.000Z',
    requiredDays: 2, totalDays: 2, entries: [{ image: PIC, text: 'Day 1' }, { image: PIC, text: 'Day 2' }],
    createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z',
  };

  it('refuses more days than the period has; one entry per day follows the days; nothing is sent until valid', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = fakeFetch((method, full, init) => {
      const p = full.split('?')[0];
      if (p.startsWith('Config/')) return { status: 200, body: config({ timezoneInfo: [{ id: 103, zone: 'Asia/Taipei', offset: 480, names: { zh_TW: '台北', zh_CN: '台北', en: 'Taipei' } }] }) };
      if (method === 'GET' && p === 'marketing/check-in-activity') return { status: 200, body: { items: [row], total: 1 } };
      if (method === 'GET' && p === 'marketing/check-in-activity/3') return { status: 200, body: row };
      if (method === 'PUT' && p === 'marketing/check-in-activity') return { status: 200, body: { ...row, ...JSON.parse(String(init.body)) } };
      if (method === 'GET') return { status: 200, body: [] };
      return undefined;
    });
    withProviders(<CrudView decl={checkInDecl} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByTestId('crud-form');
    const days = await waitFor(() => {
      const input = dialog.querySelector<HTMLInputElement>('input[name="requiredDays"]');
      expect(input?.value).toBe('2');
      return input!;
    });
    expect(dialog.querySelectorAll('li[data-testid^="day-entry-"]')).toHaveLength(2);
    expect(dialog.querySelector<HTMLTextAreaElement>('textarea[name="entries.1.text"]')!.value).toBe('Day 2');

    fireEvent.change(days, { target: { value: '3' } });
    // One row per day: an empty third day added.
    await waitFor(() => expect(dialog.querySelectorAll('li[data-testid^="day-entry-"]')).toHaveLength(3));
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText("The check-in days required cannot exceed the activity's 2 days.")).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('day-entry-2')).getAllByText('This field is required.').length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTestId('modal-confirm'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // Back to 2 days with their 2 entries: saved.
    fireEvent.change(days, { target: { value: '2' } });
    await waitFor(() => expect(within(dialog).queryByText(/cannot exceed/)).toBeNull());
    expect(dialog.querySelectorAll('li[data-testid^="day-entry-"]')).toHaveLength(2);
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toMatchObject({ id: 3, requiredDays: 2, entries: row.entries });
  });
});
