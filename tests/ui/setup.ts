import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../../src/engine/session/store';

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
