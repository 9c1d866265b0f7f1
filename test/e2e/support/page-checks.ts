import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it stands: the serious and critical findings, each as
 * `rule: selector`. Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not
 * refuse the script (and the CSP check of useBrowser sees no violation).
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Judge the settled page: a colour in mid-transition (a chip turning green after a click) is no state a
  // reader stays in. Endless animations (spinners, skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<any> } }).axe;
    const { violations } = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v: { id: string; nodes: { target: string[] }[] }) =>
        v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`),
      );
  });
}

/** How many CSS pixels the page is wider than its viewport (0: no sideways scrolling). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * No sideways scrolling and no serious or critical axe finding in the page's present state, named `state`.
 * axe is asked again for up to 3 s: a click's result can still be painting (a chip whose colour transition
 * starts only after the server answered) — a finding that stays is one a reader meets, and fails by name.
 */
export async function pageIsSound(page: Page, state: string) {
  expect(await sidewaysOverflow(page), `${state}: sideways overflow`).toBeLessThanOrEqual(0);
  await expect
    .poll(async () => (await seriousAxeFindings(page)).join('\n'), {
      message: `${state}: serious axe findings`,
      timeout: 3_000,
      interval: 300,
    })
    .toBe('');
}

/**
 * Where `element` stands against the viewport: 'in view' when its box lies inside the viewport and nothing
 * else (a sticky header, a toolbar) covers its top, middle or bottom; else what is wrong.
 */
function placeInViewport(element: Element): string {
  const box = element.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const where = `top ${Math.round(box.top)} bottom ${Math.round(box.bottom)} left ${Math.round(box.left)} right ${Math.round(box.right)} in ${width}×${height}`;
  if (box.width === 0 || box.height === 0) return `no size (${where})`;
  if (box.top < -0.5 || box.left < -0.5 || box.bottom > height + 0.5 || box.right > width + 0.5)
    return `outside the viewport (${where})`;
  const x = box.left + box.width / 2;
  for (const y of [box.top + box.height / 5, box.top + box.height / 2, box.bottom - box.height / 5]) {
    const hit = document.elementFromPoint(x, y);
    if (hit && !element.contains(hit) && !hit.contains(element))
      return `covered by ${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]} (${where})`;
  }
  return 'in view';
}

/**
 * Waits until `target` (an action's result: a message, a status, a new row) is shown inside the viewport and
 * not hidden under a sticky header, without scrolling it there itself; fails saying where it is otherwise.
 */
export async function inViewport(target: Locator, what = 'the result') {
  await target.waitFor();
  await expect
    .poll(() => target.evaluate(placeInViewport), { message: `${what} in view`, timeout: 5_000 })
    .toBe('in view');
}

/**
 * Scrolls the page (only the page: nothing sideways, no inner list) until `target` is in the upper part of
 * the viewport, as a person scrolling down to it does; whatever a list hides sideways stays hidden.
 */
export const scrollPageTo = (target: Locator) =>
  target.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - innerHeight / 3));
