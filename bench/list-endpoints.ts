/**
 * The rows of the list benchmark (bench/list.ts): two references (a hello-world and a plain page
 * query served by the same process), the side menu, and GET /v1/system/employee asked with one
 * URL and with URLs that change request after request (sorts, status filters, pages, keywords),
 * so the server's caches help the varied rows only as much as a real mix of staff would.
 */
import { fmtInt } from './stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

export interface Endpoint {
  label: string;
  /** Path and query on the app (or on the hello-world server); the first of a varied row. */
  path: string;
  /** The path of the i-th request, when the row varies its URL (else `path` every time). */
  vary?: (i: number) => string;
  /** The reference itself: the hello-world server, no session. */
  hello?: boolean;
  /** Issue 10 target: req/s at least this fraction of hello-world's. */
  target?: number;
}

const DEEP_PAGE = Math.max(1, Math.floor(ROWS / 20));
const LIST = '/v1/system/employee';
const SORTS = ['createdAt', 'account', 'name', 'status'] as const;
const STATUSES = ['', '&status=1', '&status=2'] as const;
/**
 * A fixed pseudo-random sequence (the same in every run): varied rows ask other sorts, filters,
 * pages and keywords request after request, so the server's caches (the count kept 10 s per
 * filter, the deep page's boundary 60 s) help them only as much as a real mix of staff would.
 */
const mix = (i: number, n: number) => ((Math.imul(i + 1, 2654435761) >>> 0) % n);
const sortOf = (i: number) => `sort=${SORTS[mix(i, SORTS.length)]}&order=${mix(i * 7 + 3, 2) ? 'asc' : 'desc'}`;
const hex3 = (i: number) => mix(i * 13 + 5, 4096).toString(16).padStart(3, '0');
export const ENDPOINTS: Endpoint[] = [
  { label: 'hello-world (reference)', path: '/hello', hello: true },
  { label: 'plain page query (reference)', path: '/floor', hello: true },
  { label: 'menu (system/menu/nested)', path: '/v1/system/menu/nested', target: 1 / 3 },
  { label: 'page 1, createdAt desc (one URL)', path: `${LIST}?page=1&pageSize=10&sort=createdAt&order=desc`, target: 1 / 10 },
  {
    label: 'page 1, varied: 8 sorts x 3 status filters',
    path: `${LIST}?page=1&pageSize=10&${sortOf(0)}${STATUSES[0]}`,
    vary: (i) => `${LIST}?page=1&pageSize=10&${sortOf(i)}${STATUSES[mix(i * 3 + 1, STATUSES.length)]}`,
    target: 1 / 10,
  },
  { label: `page ${DEEP_PAGE}, account asc (one URL)`, path: `${LIST}?page=${DEEP_PAGE}&pageSize=10&sort=account&order=asc`, target: 1 / 20 },
  {
    label: `deep pages, varied: pages 2-${fmtInt(ROWS / 10)} x 8 sorts`,
    path: `${LIST}?page=${DEEP_PAGE}&pageSize=10&${sortOf(0)}`,
    vary: (i) => `${LIST}?page=${2 + mix(i * 5 + 2, Math.max(1, ROWS / 10 - 1))}&pageSize=10&${sortOf(i)}`,
    target: 1 / 20,
  },
  { label: 'keyword "abc", page 1 (one URL)', path: `${LIST}?page=1&pageSize=10&keyword=abc` },
  {
    label: 'keyword, varied: 4,096 three-hex keywords',
    path: `${LIST}?page=1&pageSize=10&keyword=${hex3(0)}`,
    vary: (i) => `${LIST}?page=1&pageSize=10&keyword=${hex3(i)}&${sortOf(i)}`,
  },
];

/**
 * autocannon options asking `ep`'s URLs in turn, one counter for all connections and for the
 * warm-up, the run and the sequential requests after it (none repeats a URL of the one before).
 */
const counters = new Map<string, { i: number }>();
export const counterOf = (ep: Endpoint) => counters.get(ep.label) ?? counters.set(ep.label, { i: 0 }).get(ep.label)!;
export function requestsOf(ep: Endpoint): { requests?: { setupRequest: (req: { path?: string }) => { path?: string } }[] } {
  const vary = ep.vary;
  if (!vary) return {};
  const counter = counterOf(ep);
  return { requests: [{ setupRequest: (req) => ({ ...req, path: vary(counter.i++) }) }] };
}

