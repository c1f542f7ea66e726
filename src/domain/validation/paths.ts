/** Field paths: JSON pointers ('/prizes/2/probability') to dot paths ('prizes.2.probability'). */

export function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function joinPath(...parts: (string | number | undefined)[]): string {
  return parts.filter((p) => p !== undefined && p !== '').join('.');
}

export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a dot path ('contacts.primary.email', 'prizes.0.name'); undefined when absent. */
export function valueAt(data: unknown, path: string): unknown {
  if (path === '') return data;
  let cur: unknown = data;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The value at a JSON pointer from `root` ('/contacts/primary/email'). */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  return valueAt(root, pointerToPath(pointer));
}

/** obj[key] = value as an own property, also for the key '__proto__' (which would set the prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}
