/**
 * A part asked for before the app's registrations have loaded (the account dialogs' inputs
 * opened on /home, before any section route) waits for them instead of failing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadPart, registerParts } from '../../src/engine/registry/registry';
import { registerScreensWith } from '../../src/engine/routes/screens';

describe('loadPart', () => {
  // The unit files share a worker's modules: leave no registrar behind.
  afterAll(() => registerScreensWith(async () => {}));

  it('waits for the registrar, then loads the part it registered', async () => {
    let ran = 0;
    registerScreensWith(async () => {
      ran += 1;
      registerParts('input', { registryWaitsProbe: async () => 'the probe part' });
    });
    await expect(loadPart('input', 'registryWaitsProbe')).resolves.toBe('the probe part');
    await expect(loadPart('input', 'registryWaitsProbe')).resolves.toBe('the probe part');
    expect(ran).toBe(1);
  });

  it('still rejects a name nobody registered', async () => {
    registerScreensWith(async () => {});
    await expect(loadPart('input', 'noSuchInput')).rejects.toThrow('no input "noSuchInput" is registered');
  });
});
