/** The consumer page's calls to the member API (/mapi/v1/member/...): the answer or the failure's status, code and field errors. */
import type { ConsumerEnv } from './env';

export interface Failure { status: number; code: number | null; data?: Record<string, { key: string }> }

export async function call<T>(env: ConsumerEnv, method: string, path: string, body?: unknown, token?: string | null): Promise<{ ok: true; value: T; status: number } | ({ ok: false } & Failure)> {
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await env.fetch(`/mapi/v1/member/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (res.ok) return { ok: true, value: json as T, status: res.status };
    return { ok: false, status: res.status, code: typeof json?.code === 'number' ? json.code : null, data: json?.data };
  } catch {
    return { ok: false, status: 0, code: null };
  }
}
