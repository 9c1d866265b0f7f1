import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it stands: the serious and critical findings, each as
 * `rule: selector`. Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not
 * refuse the script (and the CSP check of useBrowser sees no violation).
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
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
