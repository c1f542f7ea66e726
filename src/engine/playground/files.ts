/**
 * The declaration files as they are on disk (their exact text, for the editor and the diff),
 * loaded with the playground only (the app registers them as the `playground` part `texts`). Keyed by the path under src/schemas
 * ('system/role.json'), in the registry's order.
 */
import type { ScreenDeclaration } from '../../domain/declarations';
import { declarations } from '../declarations/catalogue';
import { loadPart } from '../registry/registry';

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

let texts: readonly DeclarationFile[] = [];

/** The declaration files, once loadDeclarationTexts has resolved. */
export function declarationTexts(): readonly DeclarationFile[] {
  return texts;
}

/** Loads the raw texts (the registered `playground` part `texts`) beside the registered declarations. */
export async function loadDeclarationTexts(): Promise<readonly DeclarationFile[]> {
  const raw = await loadPart<{ DECLARATION_RAW: Readonly<Record<string, string>> }>('playground', 'texts')
    .then((m) => m.DECLARATION_RAW)
    .catch(() => ({}) as Record<string, string>);
  texts = declarations().map((decl) => {
    const file = fileOfId(decl.id);
    const text = raw[file] ?? `${JSON.stringify(decl, null, 2)}\n`;
    return { file, name: file.split('/')[1], text, decl };
  });
  return texts;
}
