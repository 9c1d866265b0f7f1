import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import axios from 'axios';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { http } from '../../src/app/api/client';
import { dropTestStyles } from './styles';
import { userActionsBelongTo, userActionsEnd } from './user-actions';

// Test files share a worker (isolate: false): each file starts with empty storage and leaves no
// spies, stubbed globals or fake timers behind for the next one.
localStorage.clear();
sessionStorage.clear();

// The machine running the suite is shared and slow (4 workers on 2 cores): give screens time to settle. The
// admin panel renders its first screen and a list's rows in deferred, sliced renders (PanelEntry.tsx
// AfterLoading), which under load took a lahan list 5.3-5.6 s; a screen that never comes still fails.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(userActionsBelongTo);

afterEach(() => {
  userActionsEnd();
  cleanup();
  dropTestStyles();
  // Undo serve() (test/app/api/serve.ts).
  delete http.defaults.adapter;
  delete axios.defaults.adapter;
});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
