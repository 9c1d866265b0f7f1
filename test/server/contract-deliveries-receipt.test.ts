import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp, type Json } from './support/app.js';
import { activeContract, contractCast, SEASON, type Cast } from './support/contract-cast.js';
import { deliveryBody, GRADED_PRICES } from './support/contract-delivery.js';

/*
 * GET /contract/{id}/deliveries/{deliveryId}/receipt: the lot's receipt PDF for the parties and admins, with the
 * figures a petani checks, and a QR code (decoded here from the rendered page) that opens PUBLIC_URL/lacak/{lot}.
 */

const PUBLIC_URL = 'https://tanimitra.example';
const ctx = useTestApp({ PUBLIC_URL });
const dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-receipt-'));
let cast: Cast;
let contract: Json;
let lot: Json;

const receiptUrl = (deliveryId: number, id = contract.id) =>
  `/api/v1/contract/${id}/deliveries/${deliveryId}/receipt`;
const pdfText = (file: Buffer) => {
  writeFileSync(path.join(dir, 'text.pdf'), file);
  return execFileSync('pdftotext', ['-layout', path.join(dir, 'text.pdf'), '-'], { encoding: 'utf8' });
};

beforeAll(async () => {
  cast = await contractCast(ctx);
  contract = await activeContract(ctx, cast, {
    ...SEASON,
    terms: { ...SEASON.terms, price: undefined, prices: GRADED_PRICES },
  });
  const res = await call(ctx, {
    method: 'POST',
    url: `/api/v1/contract/${contract.id}/deliveries`,
    token: cast.tokens.mitra,
    payload: deliveryBody({ gross_quantity: 2520, accepted_quantity: 2500, grade: 'B' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  lot = res.json.data;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /contract/{id}/deliveries/{deliveryId}/receipt', () => {
  it('is a PDF for the parties and admins only', async () => {
    for (const token of [cast.tokens.petani, cast.tokens.mitra, cast.tokens.admin]) {
      const res = await call(ctx, { url: receiptUrl(lot.id), token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="tanda-terima-${lot.lot_code}.pdf"`,
      );
      expect(res.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const token of [cast.tokens.otherPetani, cast.tokens.otherMitra, undefined])
      expect((await call(ctx, { url: receiptUrl(lot.id), token })).statusCode).toBe(token ? 404 : 401);
    const other = await activeContract(ctx, cast, SEASON);
    const elsewhere = await call(ctx, { url: receiptUrl(lot.id, other.id), token: cast.tokens.mitra });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('shows the lot, its weighing, grade and value, and the contract’s code', async () => {
    const text = pdfText((await call(ctx, { url: receiptUrl(lot.id), token: cast.tokens.petani })).rawBody);
    for (const expected of [
      'TANDA TERIMA PENGIRIMAN',
      'Cabai merah musim hujan',
      lot.lot_code,
      contract.verification_code,
      '10 Februari 2026',
      'Cabai merah',
      '2.520 kg',
      '2.500 kg',
      '20 kg',
      'Busuk sebagian',
      'Rp 8.332.500', // 2.500 × Rp 3.333
      'Menunggu konfirmasi',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Mutu\s+B/);
  });

  it('carries a QR code of PUBLIC_URL/lacak/{lot}, whatever Host the request named', async () => {
    const res = await call(ctx, {
      url: receiptUrl(lot.id),
      token: cast.tokens.petani,
      headers: { host: 'penipu.example', 'x-forwarded-host': 'penipu.example' },
    });
    const pages = path.join(dir, 'qr');
    writeFileSync(`${pages}.pdf`, res.rawBody);
    execFileSync('pdftoppm', ['-png', '-r', '150', `${pages}.pdf`, pages]);
    const [image] = readdirSync(dir).filter((name) => name.startsWith('qr') && name.endsWith('.png'));
    const decoded = spawnSync('zbarimg', ['-q', '--raw', path.join(dir, image!)], { encoding: 'utf8' });
    expect(decoded.stdout.trim()).toBe(`${PUBLIC_URL}/lacak/${lot.lot_code}`);
    // And the page it opens answers the same lot.
    const traced = await call(ctx, { url: `/api/v1/trace/${lot.lot_code}` });
    expect(traced.json.data).toMatchObject({ lot_code: lot.lot_code, grade: 'B', accepted_quantity: 2500 });
  });
});
