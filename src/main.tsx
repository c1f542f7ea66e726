/** Entry of the back office SPA. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './engine/app/App';
import { createI18n } from './engine/i18n/i18n';
import { registerScreensWith } from './engine/routes/screens';

// The declarations and their screens load with the first section route, not with sign-in.
registerScreensWith(() => import('./engine/crud/registerAll'));

const i18n = createI18n(window.location.search);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} router={router} />
  </StrictMode>,
);
