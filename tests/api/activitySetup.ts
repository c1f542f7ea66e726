/**
 * Fixtures of the activity API tests: a client tenant with the Marketing function and a user
 * holding the activity menus, template uploads (POST marketing/activity-template/files).
 */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { png } from '../support/png';
import type { Harness } from './harness';
import { marketingClient, type Client } from './marketingSetup';

/** Activity 48 with lottery 49 and check-in 51 (51 is reachable only when released). */
export const ACTIVITY_FUNCTIONS = [48, 49, 51];

export function activityClient(h: Harness, opts: { functionFlags?: number; functions?: number[] } = {}): Promise<Client> {
  return marketingClient(h, { functions: ACTIVITY_FUNCTIONS, ...opts });
}

/** A multipart upload of PNG files (`Files` parts) to `url`. */
export async function uploadTo(app: FastifyInstance, url: string, token: string, files: [string, Uint8Array][]): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('Files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST', url: `/v1/${url}`, payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

/** One template image uploaded by the client: its url. */
export async function templateImage(app: FastifyInstance, token: string, width = 64, height = 64): Promise<string> {
  const res = await uploadTo(app, 'marketing/activity-template/files', token, [[`img-${width}x${height}.png`, png(width, height)]]);
  expect(res.statusCode, res.body).toBe(201);
  const urls = res.json() as string[];
  expect(urls).toHaveLength(1);
  return urls[0];
}
