import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Test files share a worker (isolate: false): each file starts with empty storage and leaves no
// spies, stubbed globals or fake timers behind for the next one.
localStorage.clear();
sessionStorage.clear();

afterEach(() => cleanup());

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
