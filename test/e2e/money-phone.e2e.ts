import { describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { adminSession, api, PHONE, signedInPage, useBrowser } from './support/browser.js';
import { freeLahan, offerByApi, partyTokens, signedInUser } from './support/contract-steps.js';
import { inViewport, pageIsSound } from './support/page-checks.js';

/*
 * A contract's money on a phone (390×844): the mitra records an advance and is refused a payment above what is
 * owed, the petani confirms the advance; each result inside the viewport, every state without sideways scrolling
 * and without serious or critical axe findings. Then the admin's finance view at the same size.
 */

const browser = useBrowser();
const T = MESSAGES.money;

describe('money screens at 390×844', () => {
  const stamp = Date.now();
  const TITLE = `Kontrak Uang Layar ${stamp}`;
  let contractId = 0;

  it('the mitra records an advance and sees a payment refused on its amount; each result in view', async () => {
    const tokens = await partyTokens();
    const lahanId = await freeLahan(tokens, `Sawah Uang Layar ${stamp}`, 4001 + (stamp % 97));
    contractId = await offerByApi(tokens, lahanId, TITLE);
    for (const [account, token] of [
      [DEMO_MITRA, tokens.mitra],
      [DEMO_PETANI, tokens.petani],
    ] as const) {
      const body = { password: account.password, consent: true, terms_version: 1 };
      expect((await api('POST', `/contract/${contractId}/sign`, { token, body })).status).toBe(200);
    }

    const mitra = await signedInUser(browser, DEMO_MITRA, PHONE);
    await mitra.goto(`/akun/kontrak/${contractId}`);
    const money = mitra.getByRole('region', { name: T.title });
    await money.getByText('Belum dibayar').waitFor();
    await pageIsSound(mitra, 'money section, mitra');

    await money.getByRole('button', { name: T.newAdvance }).click();
    const advance = mitra.getByRole('form', { name: T.newAdvance });
    await inViewport(advance.getByRole('heading', { name: T.newAdvance }), 'the advance form');
    await advance.getByLabel(T.kind).selectOption('benih');
    await advance.getByLabel(T.amount).fill('2.750.000');
    await advance.getByLabel(T.note).fill('Benih padi Inpari 32, 25 kg');
    await pageIsSound(mitra, 'advance form');
    await advance.getByRole('button', { name: T.saveAdvance }).click();
    await inViewport(money.getByText(T.advanceRecorded), 'the advance recorded');
    await pageIsSound(mitra, 'advance recorded');

    // The contract starts (a payment needs it active); the screen reads it again.
    expect((await api('POST', `/contract/${contractId}/start`, { token: tokens.mitra })).status).toBe(200);
    await mitra.reload();
    await money.getByRole('button', { name: T.newPayment }).click();
    const payment = mitra.getByRole('form', { name: T.newPayment });
    await payment.getByLabel(T.amount).fill('100.000');
    await payment.getByLabel(T.method).selectOption('tunai');
    await payment.getByLabel(T.reference).fill('KWT-001');
    await payment.getByRole('button', { name: T.savePayment }).click();
    const refused = payment.locator('small', { hasText: MESSAGES.settlement.overOutstanding(0, 0) });
    await inViewport(refused, 'the refusal under the amount');
    await pageIsSound(mitra, 'payment refused');
  });

  it('the petani confirms the advance; the result and the statement in view', async () => {
    const petani = await signedInUser(browser, DEMO_PETANI, PHONE);
    await petani.goto(`/akun/kontrak/${contractId}`);
    const money = petani.getByRole('region', { name: T.title });
    const confirm = money.getByRole('button', { name: T.confirmAdvanceLabel('Benih', 2_750_000) });
    await confirm.scrollIntoViewIfNeeded();
    await pageIsSound(petani, 'money section, petani');
    await confirm.click();
    await inViewport(money.getByText(T.advanceConfirmed), 'the advance confirmed');
    await money.getByText('− Rp 2.750.000').waitFor();
    await pageIsSound(petani, 'advance confirmed');
  });

  it('/admin/finance: the totals, both lists and their CSV buttons within the screen', async () => {
    const page = await signedInPage(browser, await adminSession(), PHONE);
    await page.goto('/admin/finance');
    await page.getByRole('region', { name: MESSAGES.finance.valueDelivered }).waitFor();
    await page.getByRole('button', { name: MESSAGES.finance.downloadOverdueLabel }).waitFor();
    await pageIsSound(page, '/admin/finance at 390×844');
  });
});
