/**
 * `ui:options.emptyLink` of a select or multiSelect: the screen where its options are created
 * (a declaration id, e.g. "system.announcement-category"). While the select has nothing to
 * offer (its source is empty, or nothing matches the chosen client), it says so and links to
 * that screen (its tab when several screens share one path) instead of only 'no match data':
 * under the field, and in the open list. Without the declaration, or when the user's menu
 * does not hold that screen, it says only that there is nothing to choose yet.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { Link as RouterLink, useInRouterContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loadDeclarations } from '../domain/declarations';
import { useWidgetEnv } from './env';

/**
 * The route of a declared screen: its path, with `?tab=<id>` when its path holds several screens.
 * Given the user's menu paths (`held`) without its own path, the tab it has on a path of its
 * `alsoOn` that the menu holds (the product master beside point products).
 */
export function screenLink(id: string, held?: ReadonlySet<string>): { to: string; title: string } | null {
  const all = loadDeclarations();
  const target = all.find((d) => d.id === id);
  if (!target) return null;
  const lent = held && !held.has(target.path) ? target.alsoOn?.find((p) => held.has(p)) : undefined;
  const path = lent ?? target.path;
  const shared = lent !== undefined || all.filter((d) => d.path === path).length > 1;
  return { to: shared ? `${path}?tab=${encodeURIComponent(id)}` : path, title: target.title };
}

export interface EmptyHint {
  /** For the Autocomplete's `noOptionsText`. */
  noOptions: ReactNode;
  /** Under the field while nothing can be chosen; null otherwise. */
  helper: ReactNode;
}

export function useEmptyHint(options: Record<string, unknown>, empty: boolean, editable: boolean): EmptyHint {
  const { t } = useTranslation();
  const paths = useWidgetEnv().useMenuPaths();
  const routed = useInRouterContext();
  const id = typeof options.emptyLink === 'string' ? options.emptyLink : undefined;
  const link = id ? screenLink(id, paths) : null;
  if (!id) return { noOptions: t('common.noMatch'), helper: null };
  const reachable = routed && link && paths.has(link.to.split('?')[0]);
  const content = (
    <>
      {t('common.noOptionsYet')}
      {reachable && (
        <>
          {' '}
          <Link component={RouterLink} to={link.to} data-testid="empty-link" onMouseDown={(e) => e.stopPropagation()}>
            {t('common.createOptions', { screen: t(link.title) })}
          </Link>
        </>
      )}
    </>
  );
  return {
    noOptions: <Box data-testid="empty-options">{content}</Box>,
    helper: empty && editable ? <FormHelperText component="div" data-testid="empty-hint" sx={{ mx: 1.75 }}>{content}</FormHelperText> : null,
  };
}
