import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { notificationUi as T } from '../../src/shared/messages/notification-ui.js';
import { adminSession, api, PHONE, signedInPage, useBrowser } from './support/browser.js';
import { freeLahan, offerByApi, proposeTerms, signedInUser, signInToken } from './support/contract-steps.js';
import { pageIsSound } from './support/page-checks.js';

/*
 * Issue 29's browser test: both parties keep /akun open (a phone's 390×844); the mitra offers, and the petani's
 * bell counts it without a reload and leads to the offer; the petani counters there, and the mitra's bell counts
 * that. Each side starts with everything read, so the counts are this test's.
 */

const browser = useBrowser();
const LAHAN = `Sawah Uji Notifikasi E2E ${Date.now()}`;
const TITLE = `Kontrak Cabai Notifikasi E2E ${Date.now()}`;

let admin: Awaited<ReturnType<typeof adminSession>>;
let tokens: { admin: string; petani: string; mitra: string };
let petani: Page;
let mitra: Page;
let lahanId = 0;
let contractId = 0;

const bell = (page: Page, unread: number) => page.getByRole('button', { name: T.bell(unread), exact: true });

/** Marks the page's document, so that finding the mark later shows it was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as any).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as any).__sameDocument === true);

beforeAll(async () => {
  admin = await adminSession();
  tokens = {
    admin: admin.token,
    petani: await signInToken(DEMO_PETANI),
    mitra: await signInToken(DEMO_MITRA),
  };
  // Before the counts start: verifying the lahan tells the petani too.
  lahanId = await freeLahan(tokens, LAHAN, 1500);
  for (const token of [tokens.petani, tokens.mitra])
    expect((await api('POST', '/notifications/read-all', { token })).status).toBe(200);
  petani = await signedInUser(browser, DEMO_PETANI, PHONE);
  mitra = await signedInUser(browser, DEMO_MITRA, PHONE);
});

describe('notifications arrive live in /akun', () => {
  it("the mitra offers; the petani's open /akun counts it and the notification leads to the offer", async () => {
    await bell(petani, 0).waitFor();
    await markDocument(petani);
    contractId = await offerByApi(tokens, lahanId, TITLE, {
      commodity: 'Cabai merah',
      quantity: 500,
      unit: 'kg',
      price: 30000,
    });

    await bell(petani, 1).waitFor();
    expect(await sameDocument(petani)).toBe(true);
    await bell(petani, 1).click();
    const panel = petani.getByRole('region', { name: T.heading });
    const item = panel.getByRole('button', { name: new RegExp(`#${contractId}\\b`) });
    await item.waitFor();
    await pageIsSound(petani, "the petani's open notification list");
    await item.click();
    await petani.waitForURL(new RegExp(`/akun/kontrak/${contractId}$`));
    await petani.getByRole('region', { name: TITLE }).waitFor();
    await bell(petani, 0).waitFor();
  });

  it("the petani counters; the mitra's open /akun counts it", async () => {
    await bell(mitra, 0).waitFor();
    await markDocument(mitra);
    await proposeTerms(
      petani,
      'Tawar balik',
      { 'Harga per kg (Rp)': '32000', Catatan: 'Harga bibit naik' },
      'Kirim tawar balik',
    );
    await bell(mitra, 1).waitFor();
    expect(await sameDocument(mitra)).toBe(true);
    await bell(mitra, 1).click();
    await mitra
      .getByRole('region', { name: T.heading })
      .getByRole('button', { name: new RegExp(`#${contractId}\\b`) })
      .click();
    await mitra.waitForURL(new RegExp(`/akun/kontrak/${contractId}$`));
    await mitra.getByRole('region', { name: TITLE }).waitFor();
  });

  it('the preferences screen keeps what the person chose', async () => {
    await petani.goto('/akun/notifikasi');
    const offers = petani.getByRole('group', { name: 'Kontrak selesai' });
    const email = offers.getByRole('switch', { name: 'Email' });
    const before = await email.isChecked();
    await pageIsSound(petani, 'the preferences screen');
    await email.click();
    await petani.getByRole('button', { name: T.save }).click();
    await petani.getByRole('status').filter({ hasText: T.saved }).waitFor();
    await petani.reload();
    expect(
      await petani
        .getByRole('group', { name: 'Kontrak selesai' })
        .getByRole('switch', { name: 'Email' })
        .isChecked(),
    ).toBe(!before);
  });

  it("a sign-up rises the panel's bell; it leads to the person; the dashboard says what waits, the outbox lists", async () => {
    expect((await api('POST', '/notifications/read-all', { token: tokens.admin })).status).toBe(200);
    const page = await signedInPage(browser, admin);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/dashboard');
    const waiting = page.getByRole('region', { name: 'Menunggu verifikasi' });
    await waiting.getByRole('link', { name: 'Petani belum terverifikasi' }).waitFor();
    await bell(page, 0).waitFor();
    await pageIsSound(page, 'the dashboard with what waits for verification');

    const name = `Petani Notifikasi ${Date.now()}`;
    const signup = await api('POST', '/auth/signup', {
      body: {
        role: 'petani',
        full_name: name,
        email: `notif-${Date.now()}@example.test`,
        password: 'Rahasia123',
      },
    });
    expect(signup.status).toBe(201);
    await bell(page, 1).click();
    const menu = page.getByRole('dialog', { name: T.heading });
    const item = menu.getByRole('button', { name: new RegExp(name) });
    await item.waitFor();
    await pageIsSound(page, "the panel's notification list");
    await item.click();
    await page.waitForURL(new RegExp(`/admin/petani/${signup.json.data.user.id}`));
    await bell(page, 0).waitFor();

    await page.goto('/admin/outbox');
    await page.getByRole('heading', { name: 'Notifikasi Keluar Dashboard' }).waitFor();
    await pageIsSound(page, 'the outbox');
  });
});
