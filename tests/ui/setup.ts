import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { jobsStore } from '../../src/engine/jobs/store';
import { sessionStore } from '../../src/engine/session/store';

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
