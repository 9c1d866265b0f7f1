import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/*
 * The styles of the screen a test renders. jsdom has no layout: of the CSS a screen carries, what reaches a
 * test is whether an element is shown (display, visibility, opacity) and can be clicked (pointer-events) —
 * getByRole's accessibility checks and user-event's clicks read exactly these. jsdom parses every inserted
 * rule and, for each getComputedStyle, matches the element against all of them and parses each matching
 * declaration; with MUI's full CSS that was over a third of an admin test's CPU time. So a screen's rules keep
 * those four properties, and a rule left empty is not inserted at all. The theme test, which reads colours,
 * asks for every declaration.
 *
 * Each test gets a cache of its own, flushed after it (test/app/setup.ts): with one cache for the run, every
 * style an earlier test rendered would stay in the document for the later ones to be matched against.
 */

const SHOWN = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

type Node = { type: string; props: string | string[]; value: string; return: string; children: unknown };

const shows = (node: Node): boolean =>
  node.type === 'decl'
    ? SHOWN.has(node.props as string)
    : Array.isArray(node.children) && node.children.some(shows);

/** Empties what jsdom would not show; stylis's stringify then writes nothing for it and emotion inserts nothing. */
const onlyWhatIsShown: StylisPlugin = (element) => {
  const node = element as unknown as Node;
  if (node.type === 'decl') {
    if (!SHOWN.has(node.props as string)) node.value = node.return = '';
  } else if (node.type === 'rule') {
    if (!shows(node)) node.props = [];
  } else if (node.type === '@media' || node.type === '@supports') {
    if (!shows(node)) node.value = '';
  }
};

let current: { cache: EmotionCache; all: boolean } | undefined;

/** The emotion key of the test screens' styles (their `<style data-emotion="tm-test …">` elements). */
export const TEST_STYLES_KEY = 'tm-test';

function testStyles(all: boolean): EmotionCache {
  if (current && current.all !== all) throw new Error('a test renders with one set of styles');
  current ??= {
    all,
    // `speedy` inserts rules with insertRule, as the production build does. Its own key: a screen that makes its
    // own cache (the whole panel) leaves styles a test cannot drop, and they are not this cache's.
    cache: createCache({
      key: TEST_STYLES_KEY,
      speedy: true,
      stylisPlugins: all ? undefined : [onlyWhatIsShown],
    }),
  };
  return current.cache;
}

/** Removes the current test's styles from the document (after its screen is unmounted). */
export function dropTestStyles(): void {
  current?.cache.sheet.flush();
  current = undefined;
}

/**
 * Testing Library's render, with the screen's styles in the test's cache; `allStyles` keeps every declaration
 * (for tests that read colours).
 */
export function renderStyled(ui: ReactElement, { allStyles = false }: { allStyles?: boolean } = {}) {
  return render(<CacheProvider value={testStyles(allStyles)}>{ui}</CacheProvider>);
}
