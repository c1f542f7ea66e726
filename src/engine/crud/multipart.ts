/**
 * Bodies of declarations with `form.encoding: "multipart"` (SPEC.md 7: marketing banners and
 * products travel as form data): one part per top-level field; text as is, numbers and
 * booleans as their text, objects and arrays as JSON text; empty fields are left out. Upload
 * fields hold the stored file's address (the upload widget stored and checked the file).
 */
import type { ScreenDeclaration } from '../../domain/declarations';

export function toMultipart(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') form.append(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean') form.append(key, String(value));
    else form.append(key, JSON.stringify(value));
  }
  return form;
}

/** The body as the declaration's form sends it. */
export function encodeBody(decl: Pick<ScreenDeclaration, 'form'>, body: Record<string, unknown>): Record<string, unknown> | FormData {
  return decl.form?.encoding === 'multipart' ? toMultipart(body) : body;
}
