/**
 * The account dialogs open on /home too, before any section route has loaded the app's
 * registrations (src/app/registerAll): their inputs wait for the registrations instead of
 * failing with "this part could not load".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadAccountInputs } from '../../src/engine/account/inputs';
import { registerParts } from '../../src/engine/registry/registry';
import { registerScreensWith } from '../../src/engine/routes/screens';

describe('the account dialogs inputs', () => {
  // The unit files share a worker's modules: leave no registrar behind.
  afterAll(() => registerScreensWith(async () => {}));

  it('wait for the registrar, then load the inputs it registered', async () => {
    let ran = 0;
    const Password = () => null;
    const Phone = () => null;
    registerScreensWith(async () => {
      ran += 1;
      registerParts('input', { password: async () => Password, phone: async () => Phone });
    });
    await expect(loadAccountInputs()).resolves.toBeUndefined();
    await expect(loadAccountInputs()).resolves.toBeUndefined();
    expect(ran).toBe(1);
  });
});
