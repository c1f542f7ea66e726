/**
 * A fake /v1 for the list/form engine tests (the only place a fake fetcher is allowed): roles
 * and employees in memory, lists sorted, filtered and paged like the server, the menu, the
 * options sources and the tenant config. Every call is recorded.
 */
import { MENU_TREE } from '../../src/domain/menu';
import { config, fakeFetch, type Reply } from './harness';

export interface FakeRole {
  id: number;
  name: string;
  type: number;
  userCount: number;
  functions: number[];
  customers: number[];
  manageClients: boolean;
  manageBrands: boolean;
  appStock: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FakeEmployee {
  id: number;
  account: string;
  name: string;
  roleId: number;
  roleName: string;
  status: number;
  email: string | null;
  phoneCountryCode: string | null;
  phone: string | null;
  createdAt: string;
}

const BASE = Date.UTC(2025, 0, 15, 2, 30); // 2025-01-15T02:30:00Z

export function makeRoles(n: number): FakeRole[] {
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(BASE + i * 3_600_000).toISOString();
    return {
      id: i + 1,
      name: `Role ${String(i + 1).padStart(2, '0')}`,
      type: i % 3 === 0 ? 1 : 2,
      userCount: i % 4,
      functions: [9, 10],
      customers: [],
      manageClients: false,
      manageBrands: false,
      appStock: false,
      createdAt: at,
      updatedAt: at,
    };
  });
}

export function makeEmployees(n: number): FakeEmployee[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    account: `user${i + 1}`,
    name: `User ${i + 1}`,
    roleId: 1,
    roleName: 'Role 01',
    status: i % 5 === 4 ? 2 : 1,
    email: null,
    phoneCountryCode: null,
    phone: null,
    createdAt: new Date(BASE + i * 60_000).toISOString(),
  }));
}

const GRANTABLE = MENU_TREE.filter((g) => [1, 2, 8].includes(g.id)).map((g) => ({
  id: g.id,
  path: g.path,
  names: g.names,
  children: (g.children ?? []).map((c) => ({ id: c.id, path: c.path, names: c.names })),
}));

type Rows = Record<string, unknown>[];

function listPage(rows: Rows, query: URLSearchParams, searchKeys: string[]): { items: Rows; total: number } {
  let out = [...rows];
  const keyword = query.get('keyword');
  if (keyword) out = out.filter((r) => searchKeys.some((k) => String(r[k]).toLowerCase().includes(keyword.toLowerCase())));
  for (const [k, v] of query.entries()) {
    if (['page', 'pageSize', 'sort', 'order', 'keyword'].includes(k)) continue;
    out = out.filter((r) => String(r[k]) === v);
  }
  const sort = query.get('sort') ?? 'createdAt';
  const order = query.get('order') ?? 'desc';
  out.sort((a, b) => {
    const x = a[sort] as string | number;
    const y = b[sort] as string | number;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return order === 'asc' ? c : -c;
  });
  const page = Number(query.get('page') ?? 1);
  const size = Number(query.get('pageSize') ?? 10);
  return { items: out.slice((page - 1) * size, page * size), total: out.length };
}

export interface FakeApi {
  roles: FakeRole[];
  employees: FakeEmployee[];
  calls: ReturnType<typeof fakeFetch>['calls'];
  /** Answers for the next POST/PUT of a path (e.g. a code-1 failure). */
  nextWrite: Map<string, Reply>;
  /** The list requests, as URLSearchParams, of a path. */
  listQueries(path: string): URLSearchParams[];
}

export function fakeApi(options: { roles?: FakeRole[]; employees?: FakeEmployee[] } = {}): FakeApi {
  const roles = options.roles ?? makeRoles(3);
  const employees = options.employees ?? makeEmployees(2);
  const nextWrite = new Map<string, Reply>();
  const { calls } = fakeFetch((method, full, init) => {
    const [path, qs = ''] = full.split('?');
    const query = new URLSearchParams(qs);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (method !== 'GET' && nextWrite.has(`${method} ${path}`)) {
      const reply = nextWrite.get(`${method} ${path}`)!;
      nextWrite.delete(`${method} ${path}`);
      return reply;
    }
    if (path === 'system/menu') return { status: 200, body: { Backend: GRANTABLE } };
    if (path === 'system/client/GetActiveClient') {
      return { status: 200, body: [{ value: 5, label: 'Acme', names: { zh_TW: '頂尖公司', en: 'Acme' } }, { value: 6, label: 'Gone', deleted: true }] };
    }
    if (path === 'Product/brand/options') return { status: 200, body: [{ value: 31, label: 'Dawn' }, { value: 32, label: 'Dusk' }] };
    if (path === 'system/role/options') return { status: 200, body: roles.map((r) => ({ value: r.id, label: r.name })) };
    if (path === 'system/role' && method === 'GET') return { status: 200, body: listPage(roles as unknown as Rows, query, ['name']) };
    if (path === 'system/employee' && method === 'GET') return { status: 200, body: listPage(employees as unknown as Rows, query, ['account', 'name']) };
    const one = /^system\/(role|employee)\/(\d+)$/.exec(path);
    if (one) {
      const list = (one[1] === 'role' ? roles : employees) as { id: number }[];
      const i = list.findIndex((r) => r.id === Number(one[2]));
      if (i < 0) return { status: 404, body: { code: 2, message: 'Not found' } };
      if (method === 'GET') return { status: 200, body: list[i] };
      if (method === 'DELETE') {
        list.splice(i, 1);
        return { status: 204 };
      }
    }
    if (path === 'system/role' && method === 'POST') {
      const at = new Date(BASE + 100 * 3_600_000).toISOString();
      const role = { customers: [], manageClients: false, manageBrands: false, appStock: false, ...body, id: 100 + roles.length, userCount: 0, createdAt: at, updatedAt: at };
      roles.push(role);
      return { status: 201, body: role };
    }
    if (path === 'system/role' && method === 'PUT') {
      const i = roles.findIndex((r) => r.id === body.id);
      roles[i] = { ...roles[i], ...body };
      return { status: 200, body: roles[i] };
    }
    if (path === 'system/employee' && method === 'POST') {
      const id = 100 + employees.length;
      employees.push({ email: null, phone: null, phoneCountryCode: null, ...body, id, roleName: 'Role 01', createdAt: new Date(BASE).toISOString() });
      return { status: 201, body: { id, account: body.account, defaultPassword: 'Xy7kPq2m' } };
    }
    const initial = /^System\/initial\/(.+)$/.exec(path);
    if (initial && method === 'PUT') return { status: 200, body: { account: decodeURIComponent(initial[1]), defaultPassword: 'Rz4wNb8c' } };
    return undefined;
  });
  return {
    roles,
    employees,
    calls,
    nextWrite,
    listQueries: (p) => calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === p).map((c) => new URLSearchParams(c.path.split('?')[1] ?? '')),
  };
}
