import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { DEMO_ADMIN } from '../../../src/server/config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.js';

export const baseURL = () => inject('baseURL');

export interface BrowserFixture {
  browser: Browser;
  /** A new isolated context (fresh storage) and page; closed after the file. */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  /** What the Content-Security-Policy refused since the last call (each test must leave none). */
  takeViolations(): string[];
}

/** Every page reports what the Content-Security-Policy refuses as a console error. */
const reportViolations = () =>
  document.addEventListener('securitypolicyviolation', (event) =>
    console.error(
      `Content-Security-Policy violation: ${event.effectiveDirective} refused ${event.blockedURI}`,
    ),
  );

/** The notification stream stays open for as long as a signed-in page does: a page is never idle while it is. */
const LIVE_STREAM = /\/notifications\/stream(\?|$)/;
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => LIVE_STREAM.test(request.url()) || open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/**
 * Playwright's `networkidle` for a signed-in page: resolves once no request but the notification stream has been
 * in flight for `quietMs`.
 */
export async function networkSettled(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkSettled: the page was not opened by the browser fixture');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`networkSettled: still in flight: ${[...open].map((request) => request.url()).join(', ')}`);
}

/**
 * Launches one Chromium for the test file; after each test, asserts that no page of it met a
 * Content-Security-Policy violation (the event, or Chromium's own console message about it).
 */
export function useBrowser(): BrowserFixture {
  const contexts: BrowserContext[] = [];
  const fixture = {} as BrowserFixture;
  const violations: string[] = [];
  fixture.takeViolations = () => violations.splice(0);
  beforeAll(async () => {
    fixture.browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
  });
  fixture.newPage = async ({ width = 1280, height = 800 } = {}) => {
    const context = await fixture.browser.newContext({
      baseURL: baseURL(),
      viewport: { width, height },
      locale: 'id-ID',
    });
    contexts.push(context);
    await context.addInitScript(reportViolations);
    context.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && /Content[- ]Security[- ]Policy|Refused to/i.test(text))
        violations.push(`${message.page()?.url()}: ${text}`);
    });
    const page = await context.newPage();
    trackRequests(page);
    return page;
  };
  afterEach(() => {
    expect(fixture.takeViolations()).toEqual([]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await fixture.browser?.close();
  });
  return fixture;
}

/** Calls the running API directly (to check what the browser changed). */
export async function api<T = any>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseURL()}/api/v1${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as T };
}

export { DEMO_ADMIN };

/** A phone's viewport, the smallest the screens are made for. */
export const PHONE = { width: 390, height: 844 };

/** A real sign-in of the demo admin: token, refreshToken and admin. */
export async function adminSession(): Promise<{ token: string; refreshToken: string; admin: unknown }> {
  return (await api('POST', '/auth/admin-signin', { body: DEMO_ADMIN })).json.data;
}

export const adminToken = async () => (await adminSession()).token;

/** A page (of `size`, else a laptop's) whose localStorage holds `session` (unless the page signed in or out since). */
export async function signedInPage(
  fixture: BrowserFixture,
  session: Awaited<ReturnType<typeof adminSession>>,
  size?: { width: number; height: number },
) {
  const page = await fixture.newPage(size);
  await page.addInitScript((stored) => {
    if (localStorage.getItem('adminToken')) return;
    localStorage.setItem('adminToken', stored.token);
    localStorage.setItem('adminRefreshToken', stored.refreshToken);
    localStorage.setItem('adminData', JSON.stringify(stored.admin));
  }, session);
  return page;
}

/** Waits (about 10 s at most) until `check` holds for what the API answers. */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API never showed the change');
}

/** Waits until the API answers 404 for a deleted record. */
export const gone = (url: string, token: string) =>
  eventually(async () => (await api('GET', url, { token })).status === 404);

/** The first table row of a list that shows `text`. */
export const rowOf = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ hasText: text }).first();

/** Lets two frames pass: scroll handlers run on a later frame, so a check that nothing changed waits for them. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The `q` of the list filter react-admin keeps in the page's URL. */
const filterQuery = (url: URL) => JSON.parse(url.searchParams.get('filter') ?? '{}').q;

/**
 * Types into a list's search box and waits until the list shows the API's answer for exactly that
 * text: the filter in the URL, then the response to the search. Waiting for the URL alone let a
 * test act on rows of the previous search (same first letters) that the answer then removed.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Search');
  const answered =
    (await box.inputValue()) === text
      ? undefined
      : page.waitForResponse(
          (response) =>
            response.request().method() === 'GET' && new URL(response.url()).searchParams.get('q') === text,
        );
  await box.fill(text);
  await page.waitForURL((url) => filterQuery(url) === text);
  await answered;
  await nextFrames(page);
}
