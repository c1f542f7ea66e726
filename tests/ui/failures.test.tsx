/** The global failure handling of the API client: the Fail modal and its message (SPEC.md 8). */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request, type RequestOptions } from '../../src/engine/api/client';
import { loadingStore } from '../../src/engine/api/loading';
import { sessionStore } from '../../src/engine/session/store';
import { fakeFetch, signedIn, withProviders, type Reply } from './harness';

function Caller({ options }: { options?: RequestOptions }) {
  return (
    <button type="button" onClick={() => void request('GET', 'System/user', options).catch(() => {})}>
      call
    </button>
  );
}

async function failWith(reply: Reply, lang = 'en', options?: RequestOptions) {
  fakeFetch(() => reply);
  withProviders(<Caller options={options} />, lang);
  await act(async () => {
    fireEvent.click(screen.getByText('call'));
  });
}

describe('Fail modal', () => {
  it('shows the localized text of the code followed by the code, with only a confirm button', async () => {
    await failWith({ status: 400, body: { code: 14, message: 'Login failed' } });
    const modal = await screen.findByTestId('fail-modal');
    expect(modal).toHaveTextContent('Fail');
    expect(screen.getByTestId('app-modal-message')).toHaveTextContent('Sign-in failed: wrong account or password. (14)');
    expect(screen.queryByTestId('modal-cancel')).toBeNull();
    fireEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('fail-modal')).toBeNull());
  });

  it('is localized (zh_TW)', async () => {
    await failWith({ status: 400, body: { code: 14, message: 'Login failed' } }, 'zh_TW');
    await screen.findByTestId('fail-modal');
    expect(screen.getByRole('dialog')).toHaveTextContent('失敗');
    expect(screen.getByTestId('app-modal-message')).toHaveTextContent('(14)');
  });

  it('lists the accounts of code 11', async () => {
    await failWith({ status: 400, body: { code: 11, message: 'Role in use', data: ['amy', 'bob'] } });
    await screen.findByTestId('fail-modal');
    expect(screen.getByTestId('app-modal-message').textContent).toMatch(/amy, bob \(11\)$/);
  });

  it("says 'Error: {status}' without a code", async () => {
    await failWith({ status: 502 });
    await screen.findByTestId('fail-modal');
    expect(screen.getByTestId('app-modal-message')).toHaveTextContent('Error: 502');
  });

  it('has its own texts for 429 and for no answer at all', async () => {
    await failWith({ status: 429, body: { code: 3, message: 'Too many' } });
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('Too many attempts');
  });

  it('network failure', async () => {
    await failWith(new TypeError('Failed to fetch'));
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('Cannot reach the server');
  });

  it('stays silent when the call is silent', async () => {
    await failWith({ status: 500, body: { code: 9999, message: 'x' } }, 'en', { silent: true });
    // A loud call after it: the only modal is the loud one's (the silent one would have come first).
    fakeFetch(() => ({ status: 400, body: { code: 14, message: 'Login failed' } }));
    await act(async () => {
      await request('GET', 'System/user').catch(() => {});
    });
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('(14)');
    expect(screen.getAllByTestId('fail-modal')).toHaveLength(1);
  });

  it('exportReportAmount is silent and unmasked by default', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let fetched = false;
    let settled = false;
    fakeFetch(async () => {
      fetched = true;
      await gate;
      return { status: 500, body: { code: 9999, message: 'x' } };
    });
    withProviders(
      <button type="button" onClick={() => void request('GET', 'Report/exportReportAmount').catch(() => (settled = true))}>
        amount
      </button>,
    );
    await act(async () => {
      fireEvent.click(screen.getByText('amount'));
    });
    // In flight (the fake fetch holds it), and not counted by the mask: the mask never opens.
    await waitFor(() => expect(fetched).toBe(true));
    expect(loadingStore.snapshot()).toBe(0);
    expect(document.querySelector('[data-testid="loading-mask"]')).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(settled).toBe(true));
    await act(async () => {}); // the failure handler ran before the call settled: render what it did
    expect(screen.queryByTestId('fail-modal')).toBeNull();
  });

  it('a 401 of a signed-in call ends the session with the timeout message', async () => {
    signedIn(null);
    await failWith({ status: 401, body: { code: 3, message: 'Unauthorized' } });
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('Your session has expired');
    expect(sessionStore.get()).toBeNull();
  });

  it('sends the session token and shows the loading mask while the call is in flight', async () => {
    signedIn(null, { token: 'secret-token' });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = fakeFetch(async () => {
      await gate;
      return { status: 200, body: {} };
    });
    withProviders(<Caller />);
    await act(async () => {
      fireEvent.click(screen.getByText('call'));
    });
    await waitFor(() => expect(document.querySelector('[data-testid="loading-mask"]')).toBeVisible(), { timeout: 2000 });
    await act(async () => {
      release();
    });
    // Gone once faded out: no spinner left running in the page.
    await waitFor(() => expect(document.querySelector('[data-testid="loading-mask"]')).toBeNull());
    expect(calls[0].headers.Authorization).toBe('Bearer secret-token');
  });
});
