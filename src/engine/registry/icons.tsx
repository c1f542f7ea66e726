/**
 * Icons a declaration's row action may name (`"icon": "LockReset"`): the registry's `icon` kind
 * (src/app/parts.ts registers them, the names are its keys; the schema tests and the playground
 * check a declaration's names against them). They start loading with this module and are
 * usually there before the first row; until then, and for a name nobody registered, a
 * neutral icon shows.
 */
import { useEffect, useState } from 'react';
import type SvgIcon from '@mui/material/SvgIcon';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import { loadPart, partNames } from './registry';

type SvgIconComponent = typeof SvgIcon;

const loaded = new Map<string, SvgIconComponent>();
let pending: Promise<void> | null = null;

/** Loads every registered icon (once; a failed load is tried again next time). */
export function loadActionIcons(): Promise<void> {
  pending ??= Promise.all(
    partNames('icon').map(async (name) => {
      const part = await loadPart<{ default: SvgIconComponent } | SvgIconComponent>('icon', name);
      loaded.set(name, 'default' in part ? part.default : part);
    }),
  ).then(
    () => {},
    (e) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

void loadActionIcons().catch(() => {});

/** The icon of a name, or the neutral one (unknown name, or still loading). */
export function actionIcon(name: string | undefined): SvgIconComponent {
  return (name && loaded.get(name)) || MoreHoriz;
}

/** A row action's icon by name; shows once the icons are loaded. */
export function ActionIcon({ name, ...props }: { name: string | undefined } & SvgIconProps) {
  const [, setReady] = useState(() => !name || loaded.has(name));
  useEffect(() => {
    if (!name || loaded.has(name)) return;
    let live = true;
    loadActionIcons().then(() => live && setReady(true), () => {});
    return () => {
      live = false;
    };
  }, [name]);
  const Icon = actionIcon(name);
  return <Icon {...props} />;
}
