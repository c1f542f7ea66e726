/**
 * Loads the options of a source declaration ('GET system/role/options') through the one api
 * client (swr: one request per source, shared by every select naming it) and answers them as
 * select options in the current language. The widgets get it through their environment
 * (src/app/widgetEnv.tsx); the filter bar uses it directly.
 */
import { useMemo } from 'react';
import { recordsAsOptions, sourceItems, sourcePath, toSelectOptions, type SelectOption } from '../../domain/options';
import { useApi } from '../api/swr';
import { useLang } from '../i18n/useLang';

export interface OptionSource {
  options: SelectOption[];
  /** The raw list of the answer (trees keep their children). */
  items: unknown[];
  loading: boolean;
  failed: boolean;
}

/** `children`: the records' field holding the options (`ui:options.optionChildren`), each record a group. */
export function useOptionSource(source: unknown, itemsPath?: string, children?: string): OptionSource {
  const [lang] = useLang();
  const path = sourcePath(source);
  const { data, error, isLoading } = useApi<unknown>(path ?? null);
  return useMemo(() => {
    const items = sourceItems(data, itemsPath);
    return { items, options: toSelectOptions(children ? recordsAsOptions(items, children) : items, lang), loading: isLoading, failed: Boolean(error) };
  }, [data, error, isLoading, itemsPath, children, lang]);
}
