import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { jobsStore } from '../../src/engine/jobs/store';
import { sessionStore } from '../../src/engine/session/store';

// The dynamic imports of src/ still on their way (tests/ui/trackImports.ts): a file ends only
// once they have arrived, so none is cut off by the file's end and left failed for the next
// file of the worker (the UI files share their worker's modules).
const pending = new Set<Promise<unknown>>();
(globalThis as { __uiTestImport?: (p: Promise<unknown>) => Promise<unknown> }).__uiTestImport = (p) => {
  pending.add(p);
  const done = () => pending.delete(p);
  p.then(done, done);
  return p;
};
afterAll(async () => {
  while (pending.size > 0) await Promise.allSettled([...pending]);
});

// Screens load lazily; on a busy 2-core CI machine the first chunk import can take seconds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  // The followed export jobs are the module's (the shell clears them as it unmounts; a test that
  // exports without the shell leaves its job for the next file's poll).
  jobsStore.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
