/**
 * Entry of the back office SPA, without React: it only decides what the load shows. A fresh
 * /login?code= without a session shows the light sign-in page (React only: no MUI, router or
 * i18next; issue 10 section 4), prerendered by the server and hydrated by its own chunk;
 * everything else, and the sign-in once it succeeds, is the full app, loaded as its own chunk.
 * On a signed-in list path the list's first rows are drawn first, from the head script's early
 * call, before React and the full app load (engine/firstRows, issue 27).
 */
import { dropPrerenderedSignIn, lightSignInCode } from './app/signinRoute';
import { APP_PRELOAD_GLOBAL, FIRST_ROWS_GLOBAL } from './engine/api/early';
// The prerendered sign-in form's look, in the page's stylesheet: it paints before any script.
import './engine/signin/signin.css';

/** How long the app waits for the first rows to be drawn before it loads anyway. */
const FIRST_ROWS_WAIT_MS = 1500;

const root = document.getElementById('root')!;
const code = lightSignInCode(window.location);

function bootApp(): void {
  // Where the first rows were drawn, the head script left the app's hints to this moment.
  const preload = (window as unknown as Record<string, unknown>)[APP_PRELOAD_GLOBAL];
  if (typeof preload === 'function') preload();
  void import('./app/boot').then((m) => m.bootApp(root));
}

/** Runs `then` after the next frame is painted (at once in a hidden tab, which paints none). */
function afterPaint(then: () => void): void {
  if (document.hidden) then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}

/** Draws the list's first rows, then boots the app once they are on screen (or could not be drawn). */
function firstRowsThenApp(url: string): void {
  const painted = import('./app/firstRows').then((m) => m.paintListFirstRows(url)).catch(() => false);
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_ROWS_WAIT_MS));
  // After the frame that shows them: the app's first long task must not hold their paint.
  void Promise.race([painted, waited]).then(() => afterPaint(bootApp));
}

// The prerendered form paints first; React hydrates it after that frame.
if (code) afterPaint(() => void import('./app/signinMount').then((m) => m.mountSignIn(root, code)));
else {
  dropPrerenderedSignIn(root);
  const firstRows = (window as unknown as Record<string, unknown>)[FIRST_ROWS_GLOBAL];
  if (typeof firstRows === 'string') firstRowsThenApp(firstRows);
  else bootApp();
}
