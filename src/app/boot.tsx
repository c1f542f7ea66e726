/**
 * Starts the whole back office (theme, router, screens) in `el`. The entry (src/main.tsx) loads
 * it at once for every page but a fresh sign-in, and the light sign-in page loads it after a
 * successful sign-in (or prefetches it while the user types).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from '../engine/app/App';
import { createI18n } from '../engine/i18n/i18n';
import { sessionStore } from '../engine/session/store';
import { registerScreensWith } from '../engine/routes/screens';
import { preloadRoute } from '../engine/routes/routes';
import { WidgetEnvRoot } from './widgetEnv';

export function bootApp(el: HTMLElement): void {
  // The declarations and their screens load with the first section route, not with sign-in.
  registerScreensWith(() => import('./registerAll'));
  // Only for a signed-in user: the guards send anyone else to the sign-in page.
  if (sessionStore.get()) preloadRoute(window.location.pathname);
  const i18n = createI18n(window.location.search);
  const router = createAppRouter();
  createRoot(el).render(
    <StrictMode>
      <WidgetEnvRoot>
        <App i18n={i18n} router={router} />
      </WidgetEnvRoot>
    </StrictMode>,
  );
}
