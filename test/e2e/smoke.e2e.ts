import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';

const browser = useBrowser();

describe('npm start', () => {
  it('serves the landing page in Chromium', async () => {
    const page = await browser.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toContain('Kontrak Digital');
  });
});
