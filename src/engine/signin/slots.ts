/**
 * The placeholders of the prerendered sign-in page (prerender.tsx) that the server fills per
 * request (server/signinPage.ts), and the marks the page and its script share: plain ASCII, so
 * HTML escaping leaves them as they are.
 */
export const SIGNIN_CODE_SLOT = 'OIOC_SIGNIN_CODE_SLOT';
export const SIGNIN_YEAR_SLOT = 'OIOC_SIGNIN_YEAR_SLOT';
/** <div id="root" data-signin="<lang>">: the root holds the form prerendered in that language. */
export const SIGNIN_ROOT_ATTR = 'data-signin';
/** <html class>: the prerendered form is hidden until the script decides (another language
 * remembered, or a stored session the full app serves). */
export const SIGNIN_PENDING_CLASS = 'si-pending';
