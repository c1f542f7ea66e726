/**
 * All interface text, per language: `errors` (one text per error code of SPEC.md section 8),
 * `validation` (messages of every rule, i18next interpolation) and `ui` (everything else).
 * Pure data: the server reads the English error texts for its envelope's `message`.
 */
import type { Lang } from '../domain/lang';
import zhTWErrors from './zh_TW/errors';
import zhTWValidation from './zh_TW/validation';
import zhTWUi from './zh_TW/ui';
import zhTWScreens from './zh_TW/screens';
import zhTWPlayground from './zh_TW/playground';
import zhCNErrors from './zh_CN/errors';
import zhCNValidation from './zh_CN/validation';
import zhCNUi from './zh_CN/ui';
import zhCNScreens from './zh_CN/screens';
import zhCNPlayground from './zh_CN/playground';
import enErrors from './en/errors';
import enValidation from './en/validation';
import enUi from './en/ui';
import enScreens from './en/screens';
import enPlayground from './en/playground';

export const resources: Record<Lang, { translation: Record<string, unknown> }> = {
  zh_TW: { translation: { errors: zhTWErrors, validation: zhTWValidation, ...zhTWUi, ...zhTWScreens, playground: zhTWPlayground } },
  zh_CN: { translation: { errors: zhCNErrors, validation: zhCNValidation, ...zhCNUi, ...zhCNScreens, playground: zhCNPlayground } },
  en: { translation: { errors: enErrors, validation: enValidation, ...enUi, ...enScreens, playground: enPlayground } },
};

export { enErrors };
