/**
 * The declaration files as they are on disk (their exact text, for the editor and the diff),
 * bundled into the playground's chunk only. Keyed by the path under src/schemas
 * ('system/role.json'), in the registry's order.
 */
import type { ScreenDeclaration } from '../../domain/declarations';
import { DECLARATION_FILES } from '../../schemas/index';

const RAW = import.meta.glob<string>('../../schemas/*/*.json', { query: '?raw', import: 'default', eager: true });

export interface DeclarationFile {
  /** 'system/role.json' */
  file: string;
  /** 'role.json': the name of the download. */
  name: string;
  text: string;
  decl: ScreenDeclaration;
}

/** The file of a declaration id ('system.role' -> 'system/role.json'). */
export const fileOfId = (id: string): string => `${id.replace('.', '/')}.json`;

export const DECLARATION_TEXTS: readonly DeclarationFile[] = (DECLARATION_FILES as readonly ScreenDeclaration[]).map((decl) => {
  const file = fileOfId(decl.id);
  const text = RAW[`../../schemas/${file}`] ?? `${JSON.stringify(decl, null, 2)}\n`;
  return { file, name: file.split('/')[1], text, decl };
});
