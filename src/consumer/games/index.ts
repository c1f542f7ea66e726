/**
 * The nine games by view key, each its own chunk loaded on demand (issue 26): the consumer page
 * and the back office's template miniature load only the game they show.
 */
import type { MountGame } from './types';

const LOADERS: Record<string, () => Promise<{ default: MountGame }>> = {
  view_lucky: () => import('./scratch'),
  view_wheel: () => import('./wheel'),
  view_redenvelope: () => import('./envelope'),
  view_ringtoss: () => import('./ringtoss'),
  view_mary: () => import('./mary'),
  view_darts: () => import('./darts'),
  view_guesscard: () => import('./guesscard'),
  view_puzzle: () => import('./puzzle'),
  view_baseball: () => import('./baseball'),
};

export const GAME_VIEW_KEYS = Object.keys(LOADERS);

export async function loadGame(viewKey: string): Promise<MountGame | null> {
  const load = LOADERS[viewKey];
  return load ? (await load()).default : null;
}
