/**
 * Names the system gives records it creates itself (the Admin role and admin account of a new
 * tenant). They are stored in zh_TW, the default language, like any name a user types; while
 * nobody renamed them they show in the interface language (`shownName`), everywhere a name
 * shows: top bar, profile, home, lists and option labels. A renamed record shows as typed.
 */
import type { Lang, Names } from './lang';

export const SEEDED_NAMES = {
  admin: { zh_TW: '系統管理員', zh_CN: '系统管理员', en: 'System administrator' },
} as const satisfies Record<string, Required<Names>>;

const BY_TEXT = new Map<string, Required<Names>>(
  Object.values(SEEDED_NAMES).flatMap((names) => Object.values(names).map((text) => [text, names] as [string, Required<Names>])),
);

/** A stored name as shown in `lang`: a system-given name in that language, any other as stored. */
export function shownName<T extends string | null | undefined>(stored: T, lang: Lang): T | string {
  if (typeof stored !== 'string') return stored;
  return BY_TEXT.get(stored)?.[lang] ?? stored;
}
