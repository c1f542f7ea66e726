/**
 * Downloading a file the API serves to the session only (export files): fetch with the
 * session token -> blob -> object URL -> a[download], the screen masked meanwhile. A failure
 * is an ApiError shown like any other call's (the Fail modal), unless `silent`.
 */
import { ApiError } from '../api/ApiError';
import { apiEnv } from '../api/env';
import { loadingStore } from '../api/loading';
import { request } from '../api/client';

/** The file name of a Content-Disposition header (RFC 6266 filename* first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = plain ? (plain[1] ?? plain[2]).trim() : '';
  return name || null;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // The click has started the download; the address is not needed after it.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

async function envelopeOf(res: Response): Promise<{ code?: number; message?: string; data?: unknown } | null> {
  try {
    const body = (await res.json()) as unknown;
    return body && typeof body === 'object' ? (body as { code?: number; message?: string; data?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * Downloads `url` (an API address such as /v1/Report/exportReport/5/file) with the session
 * token, masked. Answers the file name used.
 */
export async function downloadFile(url: string, options: { fallbackName?: string; silent?: boolean } = {}): Promise<string> {
  const token = apiEnv().getToken();
  const done = loadingStore.begin();
  try {
    let res: Response;
    try {
      res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError(0, null, Boolean(token));
    }
    if (res.status < 200 || res.status >= 400) throw new ApiError(res.status, await envelopeOf(res), Boolean(token));
    const blob = await res.blob();
    const name = fileNameOf(res.headers.get('content-disposition')) ?? options.fallbackName ?? url.split('/').filter(Boolean).pop() ?? 'download';
    saveBlob(blob, name);
    return name;
  } catch (e) {
    if (e instanceof ApiError && !options.silent) apiEnv().onFailure(e);
    throw e;
  } finally {
    done();
  }
}

/** PUT Report/exportReport/{id}: the report was downloaded (the side menu count drops). */
export function markReportDownloaded(reportId: number): Promise<unknown> {
  return request('PUT', `Report/exportReport/${reportId}`, { body: { downloaded: true }, noMask: true });
}
