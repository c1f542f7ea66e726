/** DataGrid texts per interface language (MUI X's zh-TW, zh-CN and en-US packs). */
import { enUS, zhCN, zhTW } from '@mui/x-data-grid/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import type { Lang } from '../../domain/lang';

const PACKS: Record<Lang, Partial<GridLocaleText>> = {
  zh_TW: zhTW.components.MuiDataGrid.defaultProps.localeText,
  zh_CN: zhCN.components.MuiDataGrid.defaultProps.localeText,
  en: enUS.components.MuiDataGrid.defaultProps.localeText,
};

export function gridLocaleText(lang: Lang, overrides: Partial<GridLocaleText> = {}): Partial<GridLocaleText> {
  return { ...PACKS[lang], ...overrides };
}
