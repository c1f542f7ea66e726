/**
 * The first rows of a list drawn before the app loads (engine/firstRows/paint.ts), with the
 * catalogue of src/schemas: the entry (src/main.tsx) loads this chunk on a list path the head
 * script planned them for.
 */
import type { ScreenDeclaration } from '../domain/declarations';
import { paintFirstRows } from '../engine/firstRows/paint';
import { DECLARATION_FILES } from '../schemas/index';

export function paintListFirstRows(url: string): Promise<boolean> {
  return paintFirstRows(url, DECLARATION_FILES as readonly ScreenDeclaration[]);
}
