import { AsyncLocalStorage } from 'node:async_hooks';
import userEvent from '@testing-library/user-event';
import type { TestContext } from 'vitest';

type Action = (...args: never[]) => unknown;
type Actions = Record<string, unknown>;

/*
 * A test that times out is not stopped: its body runs on, and its next click or keystroke lands on the
 * screen of the test after it (typing into that test's form, which then fails for no reason of its own).
 * Each test's user actions carry the test they belong to (an AsyncLocalStorage context entered in
 * `beforeEach` and inherited by the test body); an action whose test is no longer the running one throws
 * instead of acting, so a timeout stays one failure.
 */
const owner = new AsyncLocalStorage<object>();
let running: object | undefined;

function stopIfEnded() {
  const test = owner.getStore();
  if (test !== undefined && test !== running)
    throw new Error('Stopped a user action of a test that has already ended (timed out).');
}

const guard =
  <F extends Action>(action: F) =>
  (...args: Parameters<F>) => {
    stopIfEnded();
    return action(...args) as ReturnType<F>;
  };

function guardAll<T extends object>(actions: T): T {
  for (const [name, value] of Object.entries(actions))
    if (typeof value === 'function') (actions as Actions)[name] = guard(value as Action);
  return actions;
}

// Evaluated once per worker (test files share modules: isolate: false), like userEvent itself.
const setup = userEvent.setup;
guardAll(userEvent);
// A setup() instance also checks between keystrokes: a typing that was under way when its test timed out
// would otherwise go on into whatever field the next test focuses. setup() itself only makes the instance, and
// files call it at the top, outside any test: where a file follows another in the worker, that code can run in
// the context the last test of the file before entered.
(userEvent as { setup: typeof setup }).setup = (options: Parameters<typeof setup>[0] = {}) =>
  guardAll(
    setup({
      ...options,
      advanceTimers: async (delay) => {
        stopIfEnded();
        await options.advanceTimers?.(delay);
      },
    }),
  );

export function userActionsBelongTo({ task }: TestContext) {
  running = task;
  owner.enterWith(task);
}

export function userActionsEnd() {
  running = undefined;
}
