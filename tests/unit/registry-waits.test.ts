/**
 * The account dialogs open on /home (and /login) too, before any section route has loaded the
 * app's registrations (src/app/registerAll): their declared forms and the widgets those name wait
 * for the registrations instead of failing with "this part could not load".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accountForm, loadAccountForms, PASSWORD_FORM, PROFILE_FORM } from '../../src/engine/account/forms';
import { registerForms } from '../../src/engine/declarations/catalogue';
import { registerScreensWith } from '../../src/engine/routes/screens';
import { FORM_FILES } from '../../src/schemas/index';

describe('the account dialogs forms', () => {
  // The unit files share a worker's modules: leave no registrar behind.
  afterAll(() => registerScreensWith(async () => {}));

  it('wait for the registrar, then find the forms it registered', async () => {
    registerForms([]);
    let ran = 0;
    registerScreensWith(async () => {
      ran += 1;
      registerForms(FORM_FILES);
    });
    expect(() => accountForm(PROFILE_FORM)).toThrow(/no form "session.profile"/);
    await expect(loadAccountForms()).resolves.toBeUndefined();
    await expect(loadAccountForms()).resolves.toBeUndefined();
    expect(ran).toBe(1);
    expect(Object.keys((accountForm(PROFILE_FORM).schema as { properties: object }).properties)).toContain('phone');
    expect(Object.keys((accountForm(PASSWORD_FORM).schema as { properties: object }).properties)).toEqual(['originalMima', 'newMima', 'confirmNewMima']);
  });
});
