/** Lets the shell's pages open a top-bar dialog (e.g. Home opens the suggestion, mode 5). */
import { createContext, useContext } from 'react';
import type { HomeDialogModeValue } from './modes';

export interface HomeDialogControl {
  mode: HomeDialogModeValue;
  setMode: (mode: HomeDialogModeValue) => void;
  /** Reloads the profile, then opens view profile (mode 1). */
  openProfile: () => Promise<void>;
}

export const HomeDialogContext = createContext<HomeDialogControl | null>(null);

export function useHomeDialog(): HomeDialogControl {
  const ctx = useContext(HomeDialogContext);
  if (!ctx) throw new Error('useHomeDialog outside the shell');
  return ctx;
}
