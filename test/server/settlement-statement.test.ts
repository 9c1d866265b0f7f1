/**
 * The settlement statement PDF (issue 31): what it shows (each confirmed delivery, the deductions, the net,
 * each payment, what is still owed, the due date and status), signed by the platform over the whole file so
 * that pdfsig reports a valid signature, and an edit of one shown figure breaks it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editShownText } from '../support/pdf-edit.js';
import { pdfsig } from '../support/pdf-signing.js';
import { pdfText } from '../support/pdf-text.js';
import { call, useTestApp } from './support/app.js';
import { BASE, must, useContractCast } from './support/contract-cast.js';
import {
  advance,
  confirmAdvance,
  confirmedDelivery,
  confirmPayment,
  gradedContract,
  pay,
} from './support/settlement.js';

const ctx = useTestApp({ PUBLIC_URL: 'https://tanimitra.example' });
const cast = useContractCast(ctx);
let dir: string;
let id: number;
let lots: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-statement-'));
  id = await gradedContract(ctx, cast);
  const given = await must(advance(ctx, cast.tokens.mitra, id, 120_000, { kind: 'benih' }));
  await must(confirmAdvance(ctx, cast.tokens.petani, id, given.id));
  const a = await confirmedDelivery(ctx, cast, id, 100, 'A'); // Rp 500.000
  const b = await confirmedDelivery(ctx, cast, id, 40, 'B'); // Rp 140.000
  lots = [a.lot_code, b.lot_code];
  const paid = await must(pay(ctx, cast.tokens.mitra, id, 300_000, { reference: 'BCA-77' }));
  await must(confirmPayment(ctx, cast.tokens.petani, id, paid.id));
  await must(pay(ctx, cast.tokens.mitra, id, 20_000, { method: 'tunai', reference: 'KWT-3' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statement = async (token: string) => {
  const res = await call(ctx, { url: `${BASE}/${id}/settlement/pdf`, token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res;
};

describe('the settlement statement', () => {
  it('shows the deliveries, deductions, net, payments and what is owed, signed by the platform', async () => {
    const res = await statement(cast.tokens.petani);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rekening-[A-Z0-9-]+\.pdf"$/);
    const text = pdfText(res.rawBody);
    for (const shown of [
      'REKENING PENYELESAIAN KONTRAK',
      ...lots,
      'Rp 500.000',
      'Rp 140.000',
      'Rp 640.000', // gross
      'Benih',
      'Rp 120.000', // deductions
      'Rp 520.000', // net
      'BCA-77',
      'Rp 300.000',
      'Diterima',
      'KWT-3',
      'Menunggu',
      'Rp 220.000', // outstanding
      'Dibayar sebagian',
    ])
      expect(text, shown).toContain(shown);
    expect(text).not.toContain('Belum dibayar');

    const report = pdfsig(dir, res.rawBody);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: TaniMitra');
  });

  it('fails pdfsig once one shown figure is edited', async () => {
    const original = (await statement(cast.tokens.mitra)).rawBody;
    const edited = editShownText(original, 'Rp 220.000', 'Rp 120.001');
    expect(edited.length).toBe(original.length);
    expect(edited.equals(original)).toBe(false);
    const report = pdfsig(dir, edited);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Digest Mismatch');
  });

  it('is the parties’ and admins’ only', async () => {
    await statement(cast.tokens.admin);
    for (const token of [cast.tokens.otherPetani, cast.tokens.otherMitra]) {
      const res = await call(ctx, { url: `${BASE}/${id}/settlement/pdf`, token });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(ctx, { url: `${BASE}/${id}/settlement/pdf` })).statusCode).toBe(401);
  });
});
