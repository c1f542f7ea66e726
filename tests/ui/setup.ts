import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../../src/engine/session/store';

// Screens load lazily; on a busy 2-core CI machine the first chunk import can take seconds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
