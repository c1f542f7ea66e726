/**
 * The transaction log (Report > transaction-log, menu 43): which function (menu id) a
 * change_logs row belongs to, and the fields one change touched. Written once for the server
 * (list filter, detail, exports) and the browser.
 *
 * A row names its resource (the declaration's `resource`, e.g. 'brandProduct'; some hand-written
 * modules write kebab case, e.g. 'marketing-banner'). The function of a resource is the menu id
 * of the declaration naming it; kebab names are compared in camel case.
 */
import { loadDeclarations } from './declarations';
import { MENU_TREE, type MenuNode } from './menu';

/** Resources written under another name than any declaration's `resource`. */
const EXTRA_RESOURCES: Record<string, number> = {
  marketingCategory: 34,
};

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_all, c: string) => c.toUpperCase());

let byResource: Map<string, number> | null = null;

function resourceMenus(): Map<string, number> {
  if (!byResource) {
    byResource = new Map(Object.entries(EXTRA_RESOURCES));
    for (const d of loadDeclarations()) {
      if (d.resource && d.menuId !== undefined && !byResource.has(d.resource)) byResource.set(d.resource, d.menuId);
    }
  }
  return byResource;
}

/** The menu id (function) of a logged resource, or null when no screen declares it. */
export function changeLogMenuId(resource: string): number | null {
  return resourceMenus().get(resource) ?? resourceMenus().get(camel(resource)) ?? null;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every resource name (camel and kebab spelling) a filter on function `menuId` matches. */
export function changeLogResources(menuId: number): string[] {
  const names = [...resourceMenus()].filter(([, id]) => id === menuId).map(([name]) => name);
  return [...new Set(names.flatMap((n) => [n, kebab(n)]))];
}

function findNode(id: number, nodes: readonly MenuNode[] = MENU_TREE): MenuNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children && findNode(id, n.children);
    if (hit) return hit;
  }
  return undefined;
}

/** The functions that have logged resources, in menu order, as select options. */
export function changeLogFunctions(): { value: number; names: MenuNode['names'] }[] {
  const ids = new Set(resourceMenus().values());
  const out: { value: number; names: MenuNode['names'] }[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (ids.has(n.id)) out.push({ value: n.id, names: n.names });
      if (n.children) walk(n.children);
    }
  };
  walk(MENU_TREE);
  return out;
}

/** The names of a function (menu id), or null. */
export function functionNames(menuId: number | null): MenuNode['names'] | null {
  return menuId === null ? null : (findNode(menuId)?.names ?? null);
}

export interface ChangedField {
  field: string;
  /** The value before (JSON text; empty when absent). */
  before: string;
  after: string;
}

const text = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The top-level fields a change touched, in the order they appear (before's, then after's new
 * ones): a create lists every field of after, a delete every field of before, an update only
 * those whose value differs. Values are JSON text (strings as they are).
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : v === null || v === undefined ? {} : { value: v });
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: text(b[k]), after: text(a[k]) }));
}
