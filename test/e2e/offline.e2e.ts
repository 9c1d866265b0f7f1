import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MITRA, DEMO_PETANI } from '../../src/server/db/seed/demo.js';
import { adminToken, api, eventually, nextFrames, useBrowser } from './support/browser.js';
import { freeLahan, offerByApi, signInToken } from './support/contract-steps.js';
import { fillPlace, petaniInTheField, type Place } from './support/lahan-form.js';

/*
 * Issue 32's field day on a phone (390×844): the demo petani opens /akun (its service worker installs), the
 * phone loses signal, the page reloads from the worker with the data last seen, the petani confirms a delivery
 * and registers a lahan with a boundary; the banner counts 2. Back online, each reaches the server exactly
 * once (one confirm event, one lahan) and the banner clears. Then a counter-offer queued offline while the mitra
 * revises the same offer online: back online the server refuses it (it answered terms nobody reads any more)
 * and the petani sees why.
 */

const browser = useBrowser();
/** Each step's time limit: the machine is shared and slow under load. */
const STEP = 240_000;
const FIELD = { latitude: -7.6298, longitude: 111.5239 };
const NAME = `Sawah Luring ${Date.now() % 100_000}`;
let page: Page;
let petani = '';
let contractId = 0;
let lot = '';
let deliveryId = 0;

type Json = Record<string, any>;
const todayWib = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const confirmEvents = async () =>
  ((await api('GET', `/contract/${contractId}/events`, { token: petani })).json.data as Json[]).filter(
    (e) => e.action === 'confirm',
  ).length;
const lahanNamed = async () =>
  ((await api('GET', '/lahan/my?limit=100', { token: petani })).json.data as Json[]).filter(
    (l) => l.nama_lahan === NAME,
  );

beforeAll(async () => {
  petani = await signInToken(DEMO_PETANI);
  const mitra = await signInToken(DEMO_MITRA);
  const ours = ((await api('GET', '/contract/user?limit=100', { token: petani })).json.data as Json[]).map(
    (c) => c.id,
  );
  const theirs = (await api('GET', '/contract/user?limit=100', { token: mitra })).json.data as Json[];
  const contract = theirs.find((c) => c.status === 'active' && ours.includes(c.id));
  expect(contract, 'an active contract of the demo pair').toBeDefined();
  contractId = contract!.id;
  const recorded = await api('POST', `/contract/${contractId}/deliveries`, {
    token: mitra,
    body: {
      date: todayWib(),
      gross_quantity: 120,
      accepted_quantity: 120,
      rejected_quantity: 0,
      grade: contract!.prices?.[0]?.grade ?? 'A',
    },
  });
  expect(recorded.status, JSON.stringify(recorded.json)).toBe(201);
  lot = recorded.json.data.lot_code;
  deliveryId = recorded.json.data.id;

  // Map tiles come from the internet; the test does without them (the map draws Indonesia's outline).
  page = await petaniInTheField(browser, FIELD);
});

const lahanSection = () => page.getByRole('region', { name: 'Lahan Saya' });
const banner = () => page.getByRole('status').filter({ hasText: 'Menunggu sinyal' });

/** The keys of the answers the device keeps (IndexedDB tanimitra-akun, table queries: src/app/account/offline). */
const keptKeys = () =>
  page.evaluate(
    () =>
      new Promise<unknown[][]>((resolve) => {
        const open = indexedDB.open('tanimitra-akun');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve([]);
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => resolve(all.result.map((entry: { queryKey: unknown[] }) => entry.queryKey));
        };
        open.onerror = () => resolve([]);
      }),
  );

/**
 * The answers the offline steps show (the profile, the lahan, the contract, the lahan form's four place lists
 * and its categories), as the start of their react-query keys (src/app/account/queries.ts, contracts/queries.ts).
 */
const neededOffline = () => [
  ['akun', 'me'],
  ['akun', 'lahan'],
  ['akun', 'contracts', contractId],
  ...['province', 'district', 'sub-district', 'location', 'land-category'].map((kind) => [
    'akun',
    'choices',
    kind,
  ]),
];

/** Those of neededOffline the device does not keep yet. */
const notKept = async () => {
  const kept = (await keptKeys()).map((key) => JSON.stringify(key));
  return neededOffline().filter((needed) => {
    const start = JSON.stringify(needed).slice(0, -1);
    return !kept.some((key) => key === `${start}]` || key.startsWith(`${start},`));
  });
};

describe('/akun offline on a phone', () => {
  let place: Place;

  it(
    'installs: /akun is controlled by its service worker and has its manifest',
    async () => {
      await page.goto('/akun');
      await lahanSection().waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
        return link ? ((await (await fetch(link.href)).json()) as Json) : null;
      });
      expect(manifest).toMatchObject({ name: 'TaniMitra', start_url: '/akun', scope: '/akun' });

      // Online once: the lahan form's lists and the contract are read, and kept on the device.
      [place] = (await api('GET', '/admin/location?limit=1', { token: await adminToken() })).json.data;
      await lahanSection().getByRole('button', { name: 'Tambah lahan' }).click();
      const form = page.getByRole('form', { name: 'Tambah lahan' });
      await fillPlace(form, place);
      await form.getByRole('button', { name: 'Batal' }).click();
      await page.goto(`/akun/kontrak/${contractId}`);
      await page.getByRole('button', { name: `Konfirmasi penerimaan lot ${lot}` }).waitFor();
      // Offline, the page can show only what the device kept: the steps wait for it, not for the persister's timing.
      await expect.poll(notKept, { timeout: 30_000 }).toEqual([]);
    },
    STEP,
  );

  it(
    'offline: reloads from the worker, confirms a delivery and registers a lahan; the banner counts 2',
    async () => {
      const before = await confirmEvents();
      await page.context().setOffline(true);
      await page.reload();
      await page.getByText(/Terakhir disinkronkan/).waitFor();
      await page.getByRole('button', { name: `Konfirmasi penerimaan lot ${lot}` }).click();
      await banner().filter({ hasText: 'Menunggu sinyal — 1 perubahan belum terkirim' }).waitFor();

      await page.goto('/akun');
      await lahanSection().getByRole('button', { name: 'Tambah lahan' }).click();
      const form = page.getByRole('form', { name: 'Tambah lahan' });
      await form.getByLabel('Nama lahan').fill(NAME);
      await form.getByLabel('Luas (m²)').fill('14000');
      await form.getByLabel('Alamat lahan').fill('Dusun Krajan RT 02');
      await fillPlace(form, place);
      const boundary = form.getByRole('region', { name: 'Batas lahan di peta' });
      await boundary.getByRole('button', { name: 'Ke lokasi saya' }).click();
      await expect.poll(() => boundary.getByRole('status').innerText()).toBe('');
      await boundary.getByRole('button', { name: 'Gambar batas' }).click();
      const map = form.getByRole('region', { name: 'Peta batas lahan' });
      await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await nextFrames(page);
      const box = (await map.boundingBox())!;
      for (const [x, y] of [
        [95, 130],
        [295, 130],
        [295, 330],
        [95, 330],
        [95, 130],
      ] as const) {
        await page.mouse.click(box.x + x, box.y + y);
        await nextFrames(page);
      }
      await boundary.getByText('Luas terukur (perkiraan)').waitFor();
      await form.getByRole('button', { name: 'Tambah lahan' }).click();
      await banner().filter({ hasText: 'Menunggu sinyal — 2 perubahan belum terkirim' }).waitFor();
      await page.getByText(/Penandatanganan kontrak memerlukan sinyal/).waitFor();
      // Nothing reached the server.
      expect(await confirmEvents()).toBe(before);
      expect(await lahanNamed()).toEqual([]);

      await page.context().setOffline(false);
      await banner().waitFor({ state: 'detached', timeout: 30_000 });
      await eventually(async () => (await lahanNamed()).length === 1);
      expect(await confirmEvents()).toBe(before + 1);
      const [saved] = await lahanNamed();
      expect(saved?.gps.type).toBe('Polygon');
      const deliveries = (await api('GET', `/contract/${contractId}/deliveries`, { token: petani })).json
        .data as Json[];
      expect(deliveries.find((d) => d.id === deliveryId)?.status).toBe('confirmed');
      // The page shows the server's data again: the new lahan in the list.
      await lahanSection().getByRole('heading', { name: NAME }).waitFor({ timeout: 30_000 });
    },
    STEP,
  );
});

describe('a queued step the contract has moved past', () => {
  it(
    'a counter-offer queued offline is refused once the mitra revised the offer, and the petani sees why',
    async () => {
      const stamp = Date.now();
      const admin = await adminToken();
      const mitra = await signInToken(DEMO_MITRA);
      const lahanId = await freeLahan({ admin, petani }, `Sawah Tawar Luring ${stamp}`, 4001 + (stamp % 89));
      const id = await offerByApi({ petani, mitra }, lahanId, `Kontrak Tawar Luring ${stamp}`);

      await page.goto(`/akun/kontrak/${id}`);
      await page.getByRole('button', { name: 'Tawar balik', exact: true }).waitFor();
      await page.context().setOffline(true);
      await page.getByRole('button', { name: 'Tawar balik', exact: true }).click();
      const counter = page.getByRole('form', { name: 'Tawar balik' });
      await counter.getByLabel('Harga per kg (Rp)').fill('5600');
      await counter.getByLabel('Catatan').fill('Harga pupuk naik');
      await counter.getByRole('button', { name: 'Kirim tawar balik' }).click();
      await banner().filter({ hasText: 'Menunggu sinyal — 1 perubahan belum terkirim' }).waitFor();

      const revised = await api('POST', `/contract/${id}/revise`, {
        token: mitra,
        body: { price: 5300, note: 'Harga pasar naik' },
      });
      expect(revised.status, JSON.stringify(revised.json)).toBe(200);

      await page.context().setOffline(false);
      const refusal = page.getByRole('alert').filter({ hasText: 'Penawaran balik ditolak server:' });
      await refusal.waitFor({ timeout: 30_000 });
      await banner().waitFor({ state: 'detached' });
      const events = (await api('GET', `/contract/${id}/events`, { token: petani })).json.data as Json[];
      expect(events.map((e) => e.action)).toEqual(['offer', 'revise']);
      // The server's own reason, in Indonesian.
      expect(await refusal.innerText()).toContain(
        'Penawaran balik ditolak server: Ketentuan kontrak telah berubah menjadi versi 2. Baca versi terbaru sebelum mengajukan perubahan.',
      );
    },
    STEP,
  );
});
