/**
 * The engine's wizard (src/engine/wizard/WizardScreen.tsx) while a step's code loads: the step's
 * skeleton shows and Next is not offered, so it cannot go on without the step's own check; once
 * the step gives its handle, Next does what the step says.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { declaration, type ScreenDeclaration } from '../../src/domain/declarations';
import { registerParts } from '../../src/engine/registry/registry';
import { useWizardStep, type WizardStepProps } from '../../src/engine/wizard/context';
import { WizardScreen } from '../../src/engine/wizard/WizardScreen';
import { signedIn, withProviders } from './harness';

let checked = 0;
function FirstStep(_: WizardStepProps) {
  useWizardStep({ next: () => { checked += 1; return false; } });
  return <p data-testid="first-step">first</p>;
}

describe('a wizard step whose code is still loading', () => {
  it('shows its skeleton with Next not offered; the loaded step\'s handle then decides', async () => {
    let arrive!: (m: { default: typeof FirstStep }) => void;
    registerParts('step', { wizardTestFirst: () => new Promise((r) => { arrive = r; }) });
    const lottery = declaration('activity.lottery-activity');
    const decl: ScreenDeclaration = {
      ...lottery,
      wizard: { ...lottery.wizard!, steps: [{ route: 'first', title: 'screens.lottery.step1', part: 'wizardTestFirst', next: { id: 'next', label: 'screens.lottery.next' } }] },
    };
    signedIn(null);
    const router = createMemoryRouter([{ path: '*', element: <WizardScreen decl={decl} route="first" /> }], { initialEntries: ['/activity/lottery-activity/first'] });
    withProviders(<RouterProvider router={router} />);

    expect(await screen.findByTestId('step-loading')).toBeInTheDocument();
    const next = screen.getByTestId('lottery-next');
    expect(next).toBeDisabled();
    fireEvent.click(next);
    expect(router.state.location.pathname).toBe('/activity/lottery-activity/first');

    await act(async () => arrive({ default: FirstStep }));
    expect(await screen.findByTestId('first-step')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('lottery-next')).toBeEnabled());
    fireEvent.click(screen.getByTestId('lottery-next'));
    await waitFor(() => expect(checked).toBe(1));
    expect(router.state.location.pathname).toBe('/activity/lottery-activity/first');
  });
});
