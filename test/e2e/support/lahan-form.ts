import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PETANI } from '../../../src/server/db/seed/demo.js';
import { adminSession, api, baseURL, PHONE, type BrowserFixture } from './browser.js';
import { signedInUser } from './contract-steps.js';

/**
 * The demo petani signed in on a phone standing at `field` (geolocation granted), with no network beyond the app:
 * every request for anything off its server is refused (the map's base tiles among them; the map then draws the
 * outline of Indonesia shipped with the app), its URL handed to `refused`.
 */
export async function petaniInTheField(
  fixture: BrowserFixture,
  field: { latitude: number; longitude: number },
  refused: (url: string) => void = () => {},
): Promise<Page> {
  const page = await signedInUser(fixture, DEMO_PETANI, PHONE);
  const context = page.context();
  await context.route(
    (url) => url.origin !== new URL(baseURL()).origin,
    (route) => {
      refused(route.request().url());
      return route.abort();
    },
  );
  await context.grantPermissions(['geolocation'], { origin: baseURL() });
  await context.setGeolocation({ ...field, accuracy: 5 });
  return page;
}

/** Chooses `name` in a select of the form once its options have come. */
export async function choose(form: Locator, label: string, name: string) {
  const select = form.getByLabel(label, { exact: true });
  await select.locator('option', { hasText: name }).first().waitFor({ state: 'attached', timeout: 15_000 });
  await select.selectOption({ label: name });
}

/** A location row as the API lists it: the names the form's place selects show. */
export interface Place {
  province_name: string;
  district_name: string;
  sub_district_name: string;
  location_name: string;
}

/**
 * The /akun lahan form's place and its first category: `place`, or the first location the admin's list gives
 * (a test that goes offline reads it before, while the server answers).
 */
export async function fillPlace(form: Locator, place?: Place) {
  place ??= (await api('GET', '/admin/location?limit=1', { token: (await adminSession()).token })).json
    .data[0] as Place;
  await choose(form, 'Provinsi', place.province_name);
  await choose(form, 'Kabupaten/Kota', place.district_name);
  await choose(form, 'Kecamatan', place.sub_district_name);
  await choose(form, 'Desa/Lokasi', place.location_name);
  const category = form.getByLabel('Kategori lahan');
  await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
  await category.selectOption({ index: 1 });
}

/** The figure in m² under a label of the boundary's area comparison ("Luas terukur (perkiraan)", …). */
export async function areaUnder(boundary: Locator, label: string) {
  const text = await boundary
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd')
    .innerText();
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}
