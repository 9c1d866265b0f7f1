import { expect } from 'vitest';
import { tokenOf, type LiveServer } from './live-server';

/** The demo accounts the contract screens are driven with (src/server/db/seed/demo.ts). */
export const ADMIN = { email: 'admin@tanimitra.id', password: 'Admin123!' };
export const MITRA = { email: 'mitra@tanimitra.id', password: 'Mitra123!' };
export const PETANI = { email: 'petani@tanimitra.id', password: 'Petani123!' };

/** Today in Jakarta (`YYYY-MM-DD`), and the day `n` days from it. */
export const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });
export const inDays = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface TestLahan {
  id: number;
  petani_id: number;
  nama_lahan: string;
}

/** A lahan of the demo petani, created and verified by the admin so that mitra may see it and offer on it. */
export async function verifiedLahan(server: LiveServer, name: string, area: number): Promise<TestLahan> {
  const admin = await tokenOf(server, ADMIN.email, ADMIN.password, true);
  const petani = await tokenOf(server, PETANI.email, PETANI.password);
  const me = (await server.api('GET', '/user/me', undefined, petani)).json.data;
  const location = (await server.api('GET', '/admin/location?limit=1', undefined, admin)).json.data[0];
  const category = (await server.api('GET', '/admin/category?limit=1', undefined, admin)).json.data[0];
  const body = {
    petani_id: me.id,
    nama_lahan: name,
    luas_lahan: area,
    address_lahan: 'Dusun Uji',
    location_id: location.id,
    category_id: category.id,
  };
  const created = await server.api('POST', '/lahan', body, admin);
  expect(created.status).toBe(201);
  const verified = await server.api('PUT', `/admin/verify-lahan/${created.json.data.id}`, undefined, admin);
  expect(verified.status).toBe(200);
  return created.json.data;
}

/** The demo mitra's offer on `lahan` through the API; answers the Contract record. */
export async function offerOn(server: LiveServer, lahan: TestLahan, title: string) {
  const mitra = await tokenOf(server, MITRA.email, MITRA.password);
  const category = (await server.api('GET', '/contract-category?limit=1', undefined, mitra)).json.data[0];
  const offer = {
    title,
    contract_category_id: category.id,
    petani_id: lahan.petani_id,
    lahan_id: lahan.id,
    commodity: 'Padi',
    quantity: 100,
    price: 5000,
    start_date: inDays(30),
    end_date: inDays(120),
  };
  const created = await server.api('POST', '/contract', offer, mitra);
  expect(created.status).toBe(201);
  return created.json.data as { id: number; verification_code: string };
}
