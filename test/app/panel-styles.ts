import createCache, { type EmotionCache } from '@emotion/cache';

let styles: EmotionCache | undefined;

/**
 * The emotion cache of the current test's panel. With one cache for the whole run, every style any earlier
 * test rendered stays in the document (1,200–2,000 rules by the end of a file), and jsdom matches each
 * getComputedStyle against all of them: the visibility checks behind every getByRole({ name }) were a
 * quarter of the app tests' CPU time. A cache per test keeps only the current screen's rules; `speedy`
 * inserts them with insertRule as the production build does.
 */
export function panelStyles(): EmotionCache {
  styles ??= createCache({ key: 'css', speedy: true });
  return styles;
}

/** Removes the current test's panel styles from the document (after its screen is unmounted). */
export function dropPanelStyles(): void {
  styles?.sheet.flush();
  styles = undefined;
}
