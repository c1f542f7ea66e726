/**
 * Entry of the back office SPA. A fresh /login?code= without a session shows the light sign-in
 * page (React only: no MUI, router or i18next; issue 10 section 4), prerendered by the server
 * and hydrated here; everything else, and the sign-in once it succeeds, is the full app, loaded
 * as its own chunk.
 */
import { dropPrerenderedSignIn, lightSignInCode, mountSignIn } from './app/signinMount';

const root = document.getElementById('root')!;
const code = lightSignInCode(window.location);

if (code) mountSignIn(root, code);
else {
  dropPrerenderedSignIn(root);
  void import('./app/boot').then((m) => m.bootApp(root));
}
