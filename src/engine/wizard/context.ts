/**
 * What a wizard step part (registry kind `step`) gets and gives. The engine's wizard
 * (WizardScreen.tsx) renders the step titles, Back and Next; the part renders the step and,
 * with `useWizardStep`, tells what Next does: it checks the step (showing its own errors) and
 * does the step's work (e.g. saves a draft), then answers the next step's query, or false to
 * stay. The last step's answer ends the wizard (back on the list, with its notice).
 */
import { createContext, useContext, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { StepQuery } from './steps';

export interface NextResult {
  /** The next step's query (e.g. { draftId: 12 }). */
  query?: StepQuery;
  /** The last step: the notice shown on the list (an i18n key; default screens.crud.successAdd). */
  notice?: string;
}

export interface WizardStepHandle {
  /** Checks the step and does its work; the next step's query, or false to stay. */
  next?(): Promise<NextResult | false> | NextResult | false;
  /** Where Back goes: a route of the screen with its query, or 'list'; default the previous step (the list from the first). */
  back?: { route: string; query?: StepQuery } | 'list';
  /** Next's label when it is not the declaration's (an i18n key, e.g. Update for a released activity). */
  nextLabel?: string;
  /** Next is not offered yet (the step's data is loading; also before the step gives a handle). */
  nextDisabled?: boolean;
  /** More buttons beside Next (the view page's result download). */
  actions?: ReactNode;
}

export interface WizardStepProps {
  decl: ScreenDeclaration;
  /** The step's query (?templateId=, ?draftId=, ?id=). */
  query: URLSearchParams;
  /** Opens another route of the screen (a step, the view page) or the list. */
  go(route: string | 'list', query?: StepQuery): void;
}

export type WizardStepComponent = ComponentType<WizardStepProps>;

/** The wizard's slot for the current step's handle. */
export const WizardStepContext = createContext<((h: WizardStepHandle) => void) | null>(null);

/** Gives the wizard this step's handle (the latest one every render). */
export function useWizardStep(handle: WizardStepHandle): void {
  const set = useContext(WizardStepContext);
  useLayoutEffect(() => {
    set?.(handle);
  });
}
