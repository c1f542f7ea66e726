/**
 * The wizard of a crud declaration (screen.schema.json `wizard`): add and edit through steps,
 * each a route of its own under the screen's path and a registered step part (registry kind
 * `step`), and the view page of a row. It shows the page head, the step titles (a stepper that
 * fits a phone), the step, and Back / Next in a bar kept in sight at the bottom. Next asks the
 * step (context.ts `useWizardStep`): it checks the step and does its work, and answers the next
 * step's query (or false: it stays, its errors shown); the last step's answer ends the wizard on
 * the list, read again, with its notice. Focus moves to the step when it opens (keyboard users
 * go on from there); one Next at a time.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { ScreenDeclaration } from '../../domain/declarations';
import { isApiError } from '../api/ApiError';
import { callPath } from '../crud/apiCall';
import { writtenThrough } from '../crud/listKey';
import { PageHeader } from '../crud/PageHeader';
import { useEngineEnv } from '../env/EngineEnv';
import { WizardStepContext, type WizardStepHandle } from './context';
import { stepPart } from './parts';
import { routeHref, stepOf, wizardHref, type StepQuery } from './steps';
import { PanelSkeleton } from '../feedback/PanelSkeleton';

/**
 * The current step's handle, kept outside React state: the bar re-renders with it, the step does
 * not. Until the step gives its own (its code still loading), Next is not offered: it would go on
 * without the step's check.
 */
function handleStore() {
  let handle: WizardStepHandle = { nextDisabled: true };
  const listeners = new Set<() => void>();
  return {
    set: (h: WizardStepHandle) => {
      handle = h;
      for (const l of listeners) l();
    },
    get: () => handle,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
type HandleStore = ReturnType<typeof handleStore>;

interface BarProps {
  store: HandleStore;
  testId: (name: string) => string;
  onBack: (h: WizardStepHandle) => void;
  next?: { id: string; label: string; run: (h: WizardStepHandle) => Promise<void> };
  edit?: () => void;
}

/** Back on the left; the step's own buttons and Next (or Edit on a view page) on the right. */
function WizardBar({ store, testId, onBack, next, edit }: BarProps) {
  const { t } = useTranslation();
  const handle = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!next || busy) return;
    setBusy(true);
    try {
      await next.run(handle);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 2, borderTop: '1px solid', borderColor: 'divider' }}>
      <Button onClick={() => onBack(handle)} data-testid={testId('back')}>{t('screens.crud.wizardBack')}</Button>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {handle.actions}
        {edit && <Button variant="contained" onClick={edit} data-testid={testId('edit')}>{t('screens.crud.edit')}</Button>}
        {next && (
          <Button variant="contained" disabled={busy || handle.nextDisabled} onClick={() => void run()} data-testid={testId(next.id)}>
            {t(handle.nextLabel ?? next.label)}
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function WizardScreen({ decl, route }: { decl: ScreenDeclaration; route: string }) {
  const { t } = useTranslation();
  const env = useEngineEnv();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [query] = useSearchParams();
  const wizard = decl.wizard!;
  const found = stepOf(decl, route);
  const view = !found && wizard.view?.route === route ? wizard.view : null;
  const part = found?.step.part ?? view?.part;
  const Part = stepPart(part);
  const store = useMemo(handleStore, [route, query.toString()]); // eslint-disable-line react-hooks/exhaustive-deps
  const testId = (name: string) => `${decl.testId ?? 'wizard'}-${name}`;
  const rootRef = useRef<HTMLDivElement>(null);

  // The step opened: focus moves to it (its title is read out; Tab goes on into the step).
  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, [route]);

  const go = useCallback((to: string, q?: StepQuery) => navigate(to === 'list' ? decl.path : routeHref(decl, to, q)), [navigate, decl]);

  const back = (h: WizardStepHandle) => {
    if (h.back === 'list') return go('list');
    if (h.back) return go(h.back.route, h.back.query);
    if (found && found.index > 0) return go(wizard.steps[found.index - 1].route);
    go('list');
  };

  const runNext = async (h: WizardStepHandle) => {
    let result: Awaited<ReturnType<NonNullable<WizardStepHandle['next']>>>;
    try {
      result = h.next ? await h.next() : {};
    } catch (e) {
      if (isApiError(e)) return; // the Fail modal showed it
      throw e;
    }
    if (result === false || !found) return;
    const following = wizard.steps[found.index + 1];
    if (following) return go(following.route, result.query);
    const base = callPath(decl.api.list);
    void mutate(writtenThrough(base));
    env.notify(t(result.notice ?? 'screens.crud.successAdd'));
    go('list');
  };

  const canEdit = !!view && (decl.grid?.actions ?? []).includes('edit') && !!decl.api.update && !!query.get('id');
  return (
    <Box ref={rootRef} tabIndex={-1} data-testid={testId(route)} aria-label={t((found?.step.title ?? view?.title ?? decl.title) as string)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, outline: 'none' }}>
      <PageHeader decl={decl} />
      {found && (
        <Paper sx={{ p: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
          <Stepper activeStep={found.index} alternativeLabel data-testid={testId('steps')} sx={{ py: 1, minWidth: wizard.steps.length * 96 }}>
            {wizard.steps.map((s, i) => (
              <Step key={s.route} completed={i < found.index}>
                <StepLabel slotProps={{ label: { 'aria-current': i === found.index ? 'step' : undefined } as object }}>{t(s.title)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </Paper>
      )}
      <WizardStepContext.Provider value={store.set}>
        {Part ? (
          <Suspense fallback={<PanelSkeleton testId="step-loading" />}>
            <Part key={`${route}?${query.toString()}`} decl={decl} query={query} go={go} />
          </Suspense>
        ) : (
          <PanelSkeleton testId="step-loading" />
        )}
      </WizardStepContext.Provider>
      <WizardBar
        store={store}
        testId={testId}
        onBack={back}
        next={found?.step.next ? { ...found.step.next, run: runNext } : found ? { id: 'next', label: 'screens.crud.wizardNext', run: runNext } : undefined}
        edit={canEdit ? () => navigate(wizardHref(decl, 'edit', query.get('id'))) : undefined}
      />
    </Box>
  );
}
