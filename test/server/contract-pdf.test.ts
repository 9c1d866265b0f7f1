import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petaniProfiles } from '../../src/server/db/schema.js';
import { pdfText } from '../support/pdf-text.js';
import { call, useTestApp, type CallResult, type Json } from './support/app.js';
import { contractCast, offerContract, SEASON, signBoth, type Cast } from './support/contract-cast.js';

/*
 * GET /contract/{id}/pdf and GET /verify/{code} over the real steps: what a party downloads (a PDF whose text
 * carries the code, the hash, the terms in Indonesian and never a full NIK), who may download it, and the
 * public check of that hash before and after both signatures and after a change made in SQL.
 */

const ctx = useTestApp();
const dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-contract-pdf-'));
const GRADES = [
  { grade: 'A', price: 5000 },
  { grade: 'B', price: 4250 },
  { grade: 'C1', price: 3000 },
];
const NIK = '3271046512990042';
let parties: Cast;
let contract: Json;

const pdfOf = (id: number, token?: string) => call(ctx, { url: `/api/v1/contract/${id}/pdf`, token });
const verify = (code: string, query = '') => call(ctx, { url: `/api/v1/verify/${code}${query}` });

function textOf(res: CallResult) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="kontrak-${contract.verification_code}.pdf"`,
  );
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.rawBody.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(res.rawBody);
}

/** The page's text laid out as printed (poppler's pdftotext): a table's row reads as one line. */
const laidOut = (file: Buffer) => {
  writeFileSync(path.join(dir, 'contract.pdf'), file);
  return execFileSync('pdftotext', ['-layout', path.join(dir, 'contract.pdf'), '-'], { encoding: 'utf8' });
};

beforeAll(async () => {
  parties = await contractCast(ctx);
  await ctx.db.update(petaniProfiles).set({ nik: NIK }).where(eq(petaniProfiles.user_id, parties.petaniId));
  contract = await offerContract(ctx, parties, {
    ...SEASON,
    terms: { ...SEASON.terms, price: undefined, prices: GRADES, payment_days: 14 },
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /contract/{id}/pdf', () => {
  it('gives a party a draft PDF of the offer with the code, the hash and the terms in Indonesian', async () => {
    const text = textOf(await pdfOf(contract.id, parties.tokens.petani));
    const { sha256 } = (await verify(contract.verification_code)).json.data as Json;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const shown of [
      'KONTRAK KEMITRAAN PERTANIAN',
      contract.verification_code,
      `/verifikasi/${contract.verification_code}`,
      sha256,
      'DRAF',
      contract.fullname_petani,
      contract.fullname_mitra,
      `**** ${NIK.slice(-4)}`,
      'Sawah Kontrak Uji',
      '15.000 m²',
      '2.500 kg',
      'Rp 12.500.000',
      '14 hari',
      '5 Januari 2026',
      '20 Desember 2026',
      'Diantar ke gudang mitra, dikemas karung 50 kg',
      'Gagal panen karena bencana alam, hama atau cuaca ekstrem',
      'Mutu B',
      'Pengadilan Negeri',
      'Belum menandatangani kontrak versi 1.',
    ])
      expect(text).toContain(shown);
    expect(text.replace(/\s+/g, '')).not.toContain(NIK);
    expect(text).not.toContain(NIK.slice(0, 12));
  });

  it('prints the price of each grade as a table, the total at the first grade, and when each delivery is paid', async () => {
    const text = laidOut((await pdfOf(contract.id, parties.tokens.mitra)).rawBody);
    expect(text).toMatch(/Harga per mutu +Mutu +Harga per kg\n/);
    const rows = [...text.matchAll(/^ {20,}(\w+) +(Rp [\d.]+)$/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      ['A', 'Rp 5.000'],
      ['B', 'Rp 4.250'],
      ['C1', 'Rp 3.000'],
    ]);
    expect(text).toMatch(/Nilai total +Rp 12\.500\.000/);
    expect(text).toMatch(/Jangka pembayaran +14 hari/);
    expect(text).toContain('Pasal 3 - Pembayaran');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Pembayaran atas setiap pengiriman dilakukan oleh Pihak Kedua paling lambat 14 hari setelah penerimaan dikonfirmasi',
    );
    expect(text).not.toContain('per satuan dalam kontrak ini berlaku untuk Mutu A');
  });

  it('is for the parties and admins only: others 404, no token 401', async () => {
    expect((await pdfOf(contract.id, parties.tokens.mitra)).statusCode).toBe(200);
    expect((await pdfOf(contract.id, parties.tokens.admin)).statusCode).toBe(200);
    for (const stranger of [parties.tokens.otherPetani, parties.tokens.otherMitra]) {
      const res = await pdfOf(contract.id, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await pdfOf(999999, parties.tokens.admin)).statusCode).toBe(404);
    expect((await pdfOf(contract.id)).statusCode).toBe(401);
  });

  it('lists both signatures with their WIB times once signed, and the hash verifies', async () => {
    expect((await verify(contract.verification_code)).json.data.authentic).toBe(false);
    await signBoth(ctx, parties, contract.id);
    const text = textOf(await pdfOf(contract.id, parties.tokens.mitra));
    expect(text).not.toContain('DRAF');
    expect(text).not.toContain('Belum menandatangani');
    expect(text).toMatch(/\d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB/);

    const check = (await verify(contract.verification_code)).json.data as Json;
    expect(check).toMatchObject({ authentic: true, status: 'approved', terms_version: 1 });
    expect(check.signatures.map((s: Json) => s.role).sort()).toEqual(['mitra', 'petani']);
    expect(text).toContain(check.sha256);
    const hash = /\b[0-9a-f]{64}\b/.exec(text)![0];
    expect((await verify(contract.verification_code, `?sha256=${hash}`)).json.data.matches).toBe(true);
  });

  it('shows a change of a grade’s price made in SQL as not authentic', async () => {
    const changed = JSON.stringify(GRADES.map((g) => (g.grade === 'B' ? { ...g, price: 4300 } : g)));
    await ctx.db.execute(sql`UPDATE contracts SET prices = ${changed}::jsonb WHERE id = ${contract.id}`);
    expect((await verify(contract.verification_code)).json.data.authentic).toBe(false);
    await ctx.db.execute(
      sql`UPDATE contracts SET prices = ${JSON.stringify(GRADES)}::jsonb WHERE id = ${contract.id}`,
    );
    expect((await verify(contract.verification_code)).json.data).toMatchObject({
      authentic: true,
      terms: { price: 5000, prices: GRADES, payment_days: 14 },
    });
  });

  it('shows a change of the price made in SQL as not authentic', async () => {
    await ctx.db.execute(sql`UPDATE contracts SET price = 4000 WHERE id = ${contract.id}`);
    const check = (await verify(contract.verification_code)).json.data as Json;
    expect(check.authentic).toBe(false);
    // The PDF still shows what was signed, from the frozen document.
    expect(textOf(await pdfOf(contract.id, parties.tokens.petani))).toContain('Rp 12.500.000');
  });
});
