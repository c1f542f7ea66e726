/**
 * The contract of the nine games (issue 26): plain DOM modules, no Preact or MUI, mounted by the
 * consumer page's play (../lottery/play.ts) and by the back office's template miniature
 * (src/widgets/GameMiniature.tsx). The server draws first; a game only shows that outcome.
 */
import type { GameTexts } from './texts';

/** A prize as a game draws it (a wheel segment, a Mary cell, a board sector...). */
export interface GamePrize { label: string; picture: string | null }

/** What the server drew: the index in `prizes` (-1: none) and whether it is a win. */
export interface GameOutcome { index: number; won: boolean; label: string; picture: string | null }

export interface GameOptions {
  /** The template's style settings (src/domain/activity/templates.ts). */
  core: Record<string, unknown>;
  prizes: GamePrize[];
  texts: GameTexts;
  /** prefers-reduced-motion (or no way to know): the short version. */
  reduced: boolean;
  /** The server's draw; null when it refused (the game lets the shopper try again). */
  draw: () => Promise<GameOutcome | null>;
  /** Called once the result is shown. */
  onDone?: (o: GameOutcome) => void;
  /** Resolves a stored image address to what the browser loads (default: as is). */
  src?: (u: string) => string | null;
}

/** Mounts a game into `root` (emptied first); returns the clean-up. */
export type MountGame = (root: HTMLElement, o: GameOptions) => () => void;
