/**
 * The step parts of wizards (registry kind `step`: src/app/parts.ts registers them, a
 * declaration's `wizard.steps[].part` and `wizard.view.part` name them), each a lazy chunk.
 */
import { lazyChunk, type LazyChunk } from '../lazy/lazyChunk';
import { partLoader } from '../registry/registry';
import type { WizardStepComponent, WizardStepProps } from './context';

const components = new Map<string, LazyChunk<WizardStepProps>>();

/** The lazy component of a registered step part, or undefined when none is registered. */
export function stepPart(name: string | undefined): LazyChunk<WizardStepProps> | undefined {
  const load = partLoader<{ default: WizardStepComponent }>('step', name);
  if (!name || !load) return undefined;
  let c = components.get(name);
  if (!c) {
    c = lazyChunk(load);
    components.set(name, c);
  }
  return c;
}
