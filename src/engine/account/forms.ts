/**
 * The account dialogs' declared forms (src/schemas/session/profile.json and password.json) and
 * the registered widgets they name (passwordInput, dialCode, phone): the app registers both with
 * its first section route (routes/screens.ts; src/app/registerAll.ts and parts.ts). The dialogs
 * also open on /home and /login, before any section route, so they wait for the registrations
 * first; the engine names the forms and imports none of them, nor any widget.
 */
import { resolveForm, type FormDeclarationJson } from '../../domain/declarations';
import type { FormDeclaration } from '../../domain/validation/index';
import { formFile } from '../declarations/catalogue';
import { loadFormWidgets } from '../registry/widgets';
import { screensReady } from '../routes/screens';

export const PROFILE_FORM = 'session.profile';
export const PASSWORD_FORM = 'session.password';

/** A registered account form, ready for useSchemaForm; throws before the registrations. */
export function accountForm(id: typeof PROFILE_FORM | typeof PASSWORD_FORM): FormDeclaration & FormDeclarationJson {
  const file = formFile(id);
  if (!file) throw new Error(`no form "${id}" is registered (src/schemas/index.ts FORM_FILES)`);
  return resolveForm(file.form);
}

/** Waits for the app's registrations, then loads the forms' widgets (the dialogs' chunk waits for it). */
export async function loadAccountForms(): Promise<void> {
  await screensReady();
  await loadFormWidgets();
  accountForm(PROFILE_FORM);
  accountForm(PASSWORD_FORM);
}
