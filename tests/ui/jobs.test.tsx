/**
 * Export jobs in the browser (src/engine/jobs): runExport queues, the host polls GET Job every
 * 2 s (fake timers) without the loading mask, shows progress, and when the url arrives
 * downloads the file with the token (masked) and marks the report downloaded; a failed job
 * shows its message. The report download screen's row action downloads too, and its list
 * refresh period follows the declaration.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { EXPORT_AMOUNT_PATH } from '../../src/domain/limits';
import { loadingStore } from '../../src/engine/api/loading';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { refreshIntervalOf, useCrudList } from '../../src/engine/crud/useCrudList';
import { useApi } from '../../src/engine/api/swr';
import { EXPORT_AMOUNT_KEY } from '../../src/engine/shell/SideMenu';
import { ExportJobsHost } from '../../src/engine/jobs/ExportJobsHost';
import { fileNameOf } from '../../src/engine/jobs/download';
import { runExport } from '../../src/engine/jobs/runExport';
import { jobsStore } from '../../src/engine/jobs/store';
import { signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 30_000 });

interface Call { method: string; url: string; headers: Record<string, string>; body?: string }

/** A fetch stub: `answer` gets method and url (as fetched) and returns a Response. */
function stubFetch(answer: (method: string, url: string) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string>, body: init.body as string | undefined });
    return answer(method, url) ?? new Response(JSON.stringify({ code: 2, message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let clicks: { download: string; href: string }[] = [];

beforeEach(() => {
  clicks = [];
  URL.createObjectURL = vi.fn(() => 'blob:export-file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  jobsStore.clear();
});

const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });
const jobPolls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/v1/Job?'));


/** The toast and the modal are a lazy chunk (loaded with the first notice): let it render. */
async function feedbackShown(): Promise<void> {
  await act(async () => {
    await import('../../src/engine/feedback/FeedbackViews');
  });
}

describe('export jobs', () => {
  it('polls GET Job every 2 s without the mask, then downloads the file masked and marks it downloaded', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    let polls = 0;
    const calls = stubFetch((method, url) => {
      if (method === 'POST' && url === '/v1/Product/packaging/file') return json({ id: 41, reportId: 7 }, 201);
      if (method === 'GET' && url === '/v1/Job?ids=41') {
        polls++;
        const done = polls >= 3;
        return json([{ id: 41, category: 1, status: done ? 3 : 2, progress: done ? 100 : polls * 30, message: null, data: { Url: done ? '/v1/Report/exportReport/7/file' : null, reportId: 7 } }]);
      }
      if (method === 'GET' && url === '/v1/Report/exportReport/7/file') {
        return new Response('No,Code\r\n1,A\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="packaging.csv"; filename*=UTF-8''%E5%8C%85%E6%9D%90.csv` } });
      }
      if (method === 'PUT' && url === '/v1/Report/exportReport/7') return json({ id: 7, downloaded: true });
      if (method === 'GET' && url.startsWith('/v1/Report/exportReportAmount')) return json({ amount: 0 });
      return undefined;
    });
    const masks = vi.spyOn(loadingStore, 'begin');
    withProviders(<ExportJobsHost />, 'en');

    await act(async () => { await runExport('POST Product/packaging/file', { format: 'csv' }, { category: 1 }); });
    expect(calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ format: 'csv' }));
    expect(masks).toHaveBeenCalledTimes(1); // the export call itself
    await feedbackShown();
    expect(screen.getByTestId('toast')).toHaveTextContent('The export is queued');
    expect(screen.getByTestId('export-jobs')).toHaveTextContent('Export packaging materials');

    // Not before 2 s.
    await advance(1_999);
    expect(jobPolls(calls)).toHaveLength(0);
    await advance(1);
    expect(jobPolls(calls)).toHaveLength(1);
    expect(jobPolls(calls)[0].headers.Authorization).toBe('Bearer tok-123');
    expect(screen.getByTestId('export-job-progress-41')).toHaveTextContent('30%');

    await advance(2_000);
    expect(jobPolls(calls)).toHaveLength(2);
    expect(screen.getByTestId('export-job-progress-41')).toHaveTextContent('60%');
    expect(clicks).toHaveLength(0);
    // Polls never show the mask.
    expect(masks).toHaveBeenCalledTimes(1);

    await advance(2_000);
    expect(jobPolls(calls)).toHaveLength(3);
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    const file = calls.find((c) => c.url === '/v1/Report/exportReport/7/file');
    expect(file?.headers.Authorization).toBe('Bearer tok-123');
    expect(clicks).toEqual([{ download: '包材.csv', href: 'blob:export-file' }]);
    // The download was masked (once more than the export call).
    expect(masks).toHaveBeenCalledTimes(2);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/v1/Report/exportReport/7');
    expect(JSON.parse(put!.body!)).toEqual({ downloaded: true });
    expect(screen.queryByTestId('export-jobs')).toBeNull();
    expect(loadingStore.snapshot()).toBe(0);

    // Nothing followed any more: no more polls.
    await advance(10_000);
    expect(jobPolls(calls)).toHaveLength(3);
  });

  it('the progress card names the file: what was exported at once, the file\'s own name once the job gives it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    stubFetch((method, url) => {
      if (method === 'POST' && url === '/v1/Product/packaging/file') return json({ id: 52, reportId: 9 }, 201);
      if (method === 'GET' && url === '/v1/Job?ids=52') {
        return json([{ id: 52, category: 1, status: 2, progress: 40, message: null, data: { Url: null, reportId: 9, fileName: 'Packaging materials_20250115_1030.csv' } }]);
      }
      if (method === 'GET' && url.startsWith('/v1/Report/exportReportAmount')) return json({ amount: 1 });
      return undefined;
    });
    withProviders(<ExportJobsHost />, 'en');
    await act(async () => { await runExport('POST Product/packaging/file', { format: 'csv' }, { category: 1, label: 'Packaging materials.csv' }); });
    expect(screen.getByTestId('export-job-name-52')).toHaveTextContent('Packaging materials.csv');
    expect(screen.getByTestId('export-jobs')).not.toHaveTextContent('Export #52');
    await advance(2_000);
    expect(screen.getByTestId('export-job-name-52')).toHaveTextContent('Packaging materials_20250115_1030.csv');
  });

  it('one poll covers every followed job; a failed job shows its message and stops being polled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Job?')) {
        return json([
          { id: 1, category: 999, status: 4, progress: 50, message: 'Nothing to export.', data: { Url: null, reportId: 11 } },
          { id: 2, category: 999, status: 2, progress: 10, message: null, data: { Url: null, reportId: 12 } },
        ]);
      }
      if (method === 'GET' && url.startsWith('/v1/Report/exportReportAmount')) return json({ amount: 0 });
      return undefined;
    });
    withProviders(<ExportJobsHost />, 'en');
    act(() => {
      jobsStore.track({ id: 1, reportId: 11 });
      jobsStore.track({ id: 2, reportId: 12 });
    });
    await advance(2_000);
    expect(jobPolls(calls).map((c) => c.url)).toEqual(['/v1/Job?ids=1&ids=2']);
    await feedbackShown();
    expect(screen.getByTestId('alert-modal')).toHaveTextContent('The export failed: Nothing to export.');
    expect(jobsStore.snapshot().map((j) => j.id)).toEqual([2]);
    await advance(2_000);
    expect(jobPolls(calls).at(-1)!.url).toBe('/v1/Job?ids=2');
    expect(clicks).toHaveLength(0);
  });

  it('a failed poll (server error) is tried again at the next tick, without a Fail modal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    let polls = 0;
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url === '/v1/Job?ids=5') {
        polls++;
        return polls === 1 ? json({ code: 9999, message: 'busy' }, 500) : json([{ id: 5, category: 1, status: 2, progress: 70, message: null, data: { Url: null, reportId: 3 } }]);
      }
      if (method === 'GET' && url.startsWith('/v1/Report/exportReportAmount')) return json({ amount: 0 });
      return undefined;
    });
    withProviders(<ExportJobsHost />, 'en');
    act(() => { jobsStore.track({ id: 5, reportId: 3 }); });
    await advance(2_000);
    expect(jobPolls(calls)).toHaveLength(1);
    await advance(2_000);
    expect(jobPolls(calls)).toHaveLength(2);
    expect(screen.getByTestId('export-job-progress-5')).toHaveTextContent('70%');
    expect(screen.queryByTestId('alert-modal')).toBeNull();
    expect(screen.queryByTestId('fail-modal')).toBeNull();
  });

  it('a job that ends has the report lists read again: done without a file, or failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url === '/v1/Job?ids=8') return json([{ id: 8, category: 1, status: 3, progress: 100, message: null, data: { Url: null, reportId: 4 } }]);
      if (method === 'GET' && url.startsWith('/v1/Report/exportReportAmount')) return json({ amount: 0 });
      return undefined;
    });
    const amountReads = () => calls.filter((c) => c.url.startsWith('/v1/Report/exportReportAmount')).length;
    function Amount() {
      useApi<{ amount: number }>(EXPORT_AMOUNT_KEY);
      return null;
    }
    withProviders(<><Amount /><ExportJobsHost /></>, 'en');
    await advance(10);
    const before = amountReads();
    act(() => { jobsStore.track({ id: 8, reportId: 4 }); });
    await advance(2_000);
    expect(jobPolls(calls)).toHaveLength(1);
    await advance(10);
    expect(amountReads()).toBe(before + 1);
    expect(screen.queryByTestId('export-jobs')).toBeNull();
    // Nothing followed any more: no more polls.
    await advance(10_000);
    expect(jobPolls(calls)).toHaveLength(1);
  });

  it('reads the file name of Content-Disposition', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E5%8C%85.csv`)).toBe('包.csv');
    expect(fileNameOf('attachment; filename="plain.txt"')).toBe('plain.txt');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('report download screen', () => {
  const DECL = declaration('report.download');

  it("refreshes every 30 s while the server counts a finished report not downloaded, else every 5 min, whatever the page shows", () => {
    const spec = DECL.grid!.refresh!;
    expect(spec.activeWhileCount).toBe(`GET ${EXPORT_AMOUNT_PATH}`);
    // The count is the server's (progress 100 and not downloaded, any page); the rows on screen don't decide.
    expect(refreshIntervalOf(spec, [{ downloaded: true }], 2)).toBe(30_000);
    expect(refreshIntervalOf(spec, [{ downloaded: false, progress: 40 }], 0)).toBe(300_000);
    expect(refreshIntervalOf(spec, [{ downloaded: false, progress: 100 }], 0)).toBe(300_000);
    expect(refreshIntervalOf(spec, [], 1)).toBe(30_000);
    expect(refreshIntervalOf(spec, [])).toBe(300_000);
    expect(spec.afterWriteMs).toBe(500);
  });

  it('the download action fetches the file with the token, then marks the report downloaded; none without a url', async () => {
    signedIn(null);
    const items = [
      { id: 5, fileName: 'test_1.csv', functionType: 999, status: 3, progress: 100, downloaded: false, url: '/v1/Report/exportReport/5/file', message: null, createdAt: '2026-01-02T03:04:05.000Z' },
      { id: 6, fileName: null, functionType: 999, status: 2, progress: 40, downloaded: false, url: null, message: null, createdAt: '2026-01-02T03:04:05.000Z' },
    ];
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Report/exportReport?')) return json({ items, total: 2 });
      if (method === 'GET' && url === '/v1/Report/exportReport/5/file') return new Response('x', { status: 200, headers: { 'content-disposition': 'attachment; filename="test_1.csv"' } });
      if (method === 'PUT' && url === '/v1/Report/exportReport/5') return json({ ...items[0], downloaded: true });
      return undefined;
    });
    withProviders(<CrudView decl={DECL} />, 'en');
    await screen.findByText('test_1.csv');
    expect(screen.queryByTestId('row-download-6')).toBeNull();
    fireEvent.click(screen.getByTestId('row-download-5'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const file = calls.findIndex((c) => c.url === '/v1/Report/exportReport/5/file');
    const put = calls.findIndex((c) => c.method === 'PUT');
    expect(file).toBeGreaterThan(-1);
    expect(file).toBeLessThan(put);
    expect(calls[file].headers.Authorization).toBe('Bearer tok-123');
    expect(clicks).toEqual([{ download: 'test_1.csv', href: 'blob:export-file' }]);
    // The list is read again now, and 0.5 s after the update.
    const lists = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/v1/Report/exportReport?')).length;
    await waitFor(() => expect(lists()).toBeGreaterThanOrEqual(2));
    const before = lists();
    await waitFor(() => expect(lists()).toBeGreaterThan(before), { timeout: 3_000 });
  });
});

describe('code package list', () => {
  it('polls every 30 s while any package the caller may see is generating, not only one on the page, and reads the end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    signedIn(null);
    // The page shows a generated package; another one (page 2, or started elsewhere) generates.
    const row = { id: 3, clientId: 2, clientName: { en: 'Demo client' }, materialName: 'Label', quantity: 20, status: 2, progress: 100, type: 1, codeType: 2, failed: false, createdAt: '2026-01-02T03:04:05.000Z' };
    let generating = 1;
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Code/package?')) return json({ items: [row], total: 11 });
      if (method === 'GET' && url === '/v1/Code/package/generating') return json({ amount: generating });
      if (method === 'GET' && url.startsWith('/v1/')) return json([]);
      return undefined;
    });
    const lists = () => calls.filter((c) => c.url.startsWith('/v1/Code/package?')).length;
    const counts = () => calls.filter((c) => c.url === '/v1/Code/package/generating').length;
    withProviders(<CrudView decl={declaration('code.package')} />, 'en');
    await advance(100);
    expect(lists()).toBe(1);
    expect(counts()).toBe(1);
    await advance(30_000);
    expect(lists()).toBe(2);
    expect(counts()).toBe(2);
    // It ends: the count falls to 0, the page is read once more, then the polling stops.
    generating = 0;
    await advance(30_000);
    expect(counts()).toBe(3);
    expect(lists()).toBeGreaterThanOrEqual(3);
    const settled = lists();
    await advance(120_000);
    expect(lists()).toBe(settled);
    expect(counts()).toBe(3);
  });
});

describe('after a write', () => {
  it('reads the count before the list: a package that ends between the two reads is not left "generating"', async () => {
    signedIn(null);
    let list: ReturnType<typeof useCrudList> | null = null;
    function Probe() {
      list = useCrudList(declaration('code.package'));
      return null;
    }
    let held: (() => void) | null = null;
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Code/package?')) return json({ items: [], total: 0 });
      if (method === 'GET' && url === '/v1/Code/package/generating') {
        if (!held && calls.filter((c) => c.url === url).length > 1) {
          // The count after the write: answered only when the test says so.
          return new Promise<Response>((resolve) => { held = () => resolve(json({ amount: 0 })); }) as unknown as Response;
        }
        return json({ amount: 0 });
      }
      return undefined;
    });
    const lists = () => calls.filter((c) => c.url.startsWith('/v1/Code/package?')).length;
    withProviders(<Probe />, 'en');
    await waitFor(() => expect(lists()).toBe(1));
    let refreshed: Promise<void> = Promise.resolve();
    act(() => { refreshed = list!.refresh(); });
    await waitFor(() => expect(held).not.toBeNull());
    // The count is on its way; its answer comes now, and only then is the list read.
    await act(async () => {
      calls.push({ method: 'ANSWER', url: 'count', headers: {} });
      held!();
      await refreshed;
    });
    expect(lists()).toBe(2);
    const order = calls.map((c) => (c.method === 'ANSWER' ? 'count answered' : c.url.startsWith('/v1/Code/package?') ? 'list' : 'count'));
    const afterWrite = order.indexOf('count', order.indexOf('count') + 1);
    expect(order.slice(afterWrite)).toEqual(['count', 'count answered', 'list']);
  });
});

describe('row action export', () => {
  it('names the export on the progress card by the action, the row and the format, never "Export #id"', async () => {
    signedIn(null);
    const row = { id: 3, clientId: 2, clientName: { en: 'Demo client' }, materialName: 'Label', quantity: 20, status: 2, progress: 100, type: 1, codeType: 2, createdAt: '2026-01-02T03:04:05.000Z' };
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Code/package?')) return json({ items: [row], total: 1 });
      if (method === 'GET' && url.startsWith('/v1/Code/package/columns')) return json([{ value: 'seq', label: 'No.' }, { value: 'code', label: 'Code' }]);
      if (method === 'POST' && url === '/v1/Code/package/3/file') return json({ id: 77, reportId: 12 }, 201);
      if (method === 'GET' && url.startsWith('/v1/Job?')) return json([]);
      if (method === 'GET' && url.startsWith('/v1/')) return json([]);
      return undefined;
    });
    withProviders(<><CrudView decl={declaration('code.package')} /><ExportJobsHost /></>, 'en');
    fireEvent.click(await screen.findByTestId('row-exportCodes-3'));
    fireEvent.click(await screen.findByTestId('action-input-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByTestId('export-job-name-77')).toHaveTextContent('Export codes: Package no. 3 (CSV)');
    expect(screen.getByTestId('export-jobs')).not.toHaveTextContent('Export #77');
  });
});

describe('toolbar export', () => {
  const DECL = declaration('product.packaging-material');

  it('posts the applied filters with the chosen format and the language, then follows the job', async () => {
    signedIn(null);
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/Product/packaging?')) return json({ items: [], total: 0 });
      if (method === 'GET' && url.startsWith('/v1/Product/')) return json([]);
      if (method === 'POST' && url === '/v1/Product/packaging/file') return json({ id: 52, reportId: 9 }, 201);
      if (method === 'GET' && url.startsWith('/v1/Job?')) return json([]);
      return undefined;
    });
    withProviders(<><CrudView decl={DECL} /><ExportJobsHost /></>, 'en');
    await screen.findByTestId('crud-no-rows');
    fireEvent.change(document.querySelector('input[name="keyword"]')!, { target: { value: '  box ' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('keyword=box'))).toBe(true));

    fireEvent.click(screen.getByTestId('crud-export'));
    fireEvent.click(await screen.findByTestId('crud-export-xlsx'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({ keyword: 'box', format: 'xlsx', lang: 'en' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('The export is queued');
    expect(jobsStore.snapshot().map((j) => j.id)).toEqual([52]);
  });

  it('on the client list, is the client activity export (POST Report/ClientsActivity) with the list filters', async () => {
    signedIn(null);
    const calls = stubFetch((method, url) => {
      if (method === 'GET' && url.startsWith('/v1/system/client?')) return json({ items: [], total: 0 });
      if (method === 'POST' && url === '/v1/Report/ClientsActivity') return json({ id: 61, reportId: 5 }, 201);
      if (method === 'GET' && url.startsWith('/v1/')) return json([]);
      return undefined;
    });
    withProviders(<><CrudView decl={declaration('system.client')} /><ExportJobsHost /></>, 'en');
    await screen.findByTestId('crud-no-rows');
    fireEvent.change(document.querySelector('input[name="keyword"]')!, { target: { value: 'tea' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('keyword=tea'))).toBe(true));
    expect(screen.getByTestId('crud-export')).toHaveTextContent('Client activity');
    fireEvent.click(screen.getByTestId('crud-export'));
    fireEvent.click(await screen.findByTestId('crud-export-csv'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/v1/Report/ClientsActivity');
    expect(JSON.parse(post.body!)).toEqual({ keyword: 'tea', format: 'csv', lang: 'en' });
  });

  it('is offered only by lists that declare it', async () => {
    signedIn(null);
    stubFetch((method, url) => (method === 'GET' && url.startsWith('/v1/Product/') ? json(url.includes('?') ? { items: [], total: 0 } : []) : undefined));
    withProviders(<CrudView decl={declaration('product.packaging-category')} />, 'en');
    await screen.findByTestId('crud-no-rows');
    expect(screen.queryByTestId('crud-export')).toBeNull();
  });
});
