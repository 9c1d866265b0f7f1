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

// The machine running the suite is shared and slow: give screens time to settle.
configure({ asyncUtilTimeout: 5000 });

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
