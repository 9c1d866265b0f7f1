import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { contractTerms, locations, rateLimits } from '../../src/server/db/schema.js';
import { renderContractPdf } from '../../src/server/modules/contracts/pdf.js';
import { signPdf } from '../../src/server/modules/contracts/pdf-signature.js';
import { signingCredentials } from '../../src/server/modules/contracts/pdf-signing-key.js';
import { editShownText } from '../support/pdf-edit.js';
import { operatorP12, pdfsig } from '../support/pdf-signing.js';
import { pdfText } from '../support/pdf-text.js';
import { call, DEMO_PETANI, setRateLimitHits, useTestApp, type Json } from './support/app.js';
import {
  BASE,
  contractCast,
  must,
  offerContract,
  postAs,
  SEASON,
  signAs,
  signBoth,
  type Cast,
} from './support/contract-cast.js';

/*
 * The contract PDF that proves itself (issue 26): what a party downloads is digitally signed by the platform
 * over the whole file (pdfsig says so), the same version downloads byte for byte the same, every page has a QR
 * code to PUBLIC_URL/verifikasi/<code>, and POST /verify/{code} with the file says whether it is the
 * contract's current signed document — an edited price, an appended change, another version, another
 * contract, an older signature state or a file without the signature are each told apart.
 */
const PUBLIC_URL = 'https://tanimitra.example';
const ctx = useTestApp({ PUBLIC_URL });
let cast: Cast;
let signed: Json;
let dir: string;

const pdfOf = async (id: number, token: string, headers: Record<string, string> = {}) => {
  const res = await call(ctx, { url: `${BASE}/${id}/pdf`, token, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawBody;
};
const verify = (code: string) => call(ctx, { url: `/api/v1/verify/${encodeURIComponent(code)}` });
const upload = (code: string, file: Buffer | string, type = 'application/pdf') =>
  call(ctx, {
    method: 'POST',
    url: `/api/v1/verify/${encodeURIComponent(code)}`,
    payload: file,
    headers: { 'content-type': type },
  });
const fileVerdict = async (code: string, file: Buffer) => {
  const res = await upload(code, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json.data.file as { matches: boolean; reason: string | null };
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-pdf-'));
  cast = await contractCast(ctx);
  signed = await offerContract(ctx, cast, SEASON);
  await signBoth(ctx, cast, signed.id);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Each test starts with the verify limits unused (they are tested on their own below).
beforeEach(() => ctx.db.delete(rateLimits));

describe('the signed contract PDF', () => {
  it('carries a valid signature over the whole file, and every download of the version is the same bytes', async () => {
    const first = await pdfOf(signed.id, cast.tokens.petani);
    const report = pdfsig(dir, first);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: TaniMitra');
    for (const token of [cast.tokens.petani, cast.tokens.mitra, cast.tokens.admin])
      expect((await pdfOf(signed.id, token)).equals(first)).toBe(true);

    const verdict = await upload(signed.verification_code, first);
    expect(verdict.statusCode).toBe(200);
    expect(verdict.json.data).toMatchObject({
      code: signed.verification_code,
      state: 'signed',
      authentic: true,
      file: { matches: true, reason: null },
    });
  });

  it('with one amount changed fails in pdfsig and in POST /verify', async () => {
    const original = await pdfOf(signed.id, cast.tokens.mitra);
    const edited = editShownText(original, 'Rp 12.500.000', 'Rp 19.500.000');
    expect(edited.length).toBe(original.length);
    expect(pdfText(edited).match(/Rp \d+\.500\.000/g)).toEqual(['Rp 19.500.000']);

    const report = pdfsig(dir, edited);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Digest Mismatch');
    expect(await fileVerdict(signed.verification_code, edited)).toEqual({
      matches: false,
      reason: 'Berkas telah diubah setelah ditandatangani',
    });
  });

  it('refuses a file with anything appended after the signature, or none at all', async () => {
    const original = await pdfOf(signed.id, cast.tokens.petani);
    const appended = Buffer.concat([original, Buffer.from('\n1 0 obj\n(diubah)\nendobj\n%%EOF\n')]);
    expect(await fileVerdict(signed.verification_code, appended)).toEqual({
      matches: false,
      reason: 'Berkas telah diubah setelah ditandatangani',
    });
    const unsigned = Buffer.from(
      '%PDF-1.3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    expect(await fileVerdict(signed.verification_code, unsigned)).toEqual({
      matches: false,
      reason: 'Berkas tidak memiliki tanda tangan digital TaniMitra',
    });
  });

  it('has a QR code to PUBLIC_URL/verifikasi/<code> on every page, whatever Host the request named', async () => {
    const file = await pdfOf(signed.id, cast.tokens.petani, {
      host: 'penipu.example',
      'x-forwarded-host': 'penipu.example',
    });
    const url = `${PUBLIC_URL}/verifikasi/${signed.verification_code}`;
    expect(pdfText(file)).toContain(url);
    expect(file.toString('latin1')).not.toContain('penipu');
    const pages = path.join(dir, 'qr');
    writeFileSync(`${pages}.pdf`, file);
    execFileSync('pdftoppm', ['-png', '-r', '150', `${pages}.pdf`, pages]);
    const images = readdirSync(dir).filter((name) => name.startsWith('qr') && name.endsWith('.png'));
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const decoded = spawnSync('zbarimg', ['-q', '--raw', path.join(dir, image)], { encoding: 'utf8' });
      expect(decoded.stdout.trim(), image).toBe(url);
    }
  });
});

describe('an operator’s SIGNING_P12', () => {
  it('signs instead of the generated key, and a file signed by another key is not TaniMitra’s', async () => {
    const file = path.join(dir, 'operator.p12');
    writeFileSync(file, operatorP12('PT Operator TaniMitra', 'rahasia'));
    const config = loadConfig({ DATA_DIR: dir, SIGNING_P12: file, SIGNING_P12_PASSWORD: 'rahasia' });
    const operator = await signingCredentials(config, ctx.db);
    const unsigned = await renderContractPdf({
      document: JSON.parse(
        (await ctx.db.select().from(contractTerms).where(eq(contractTerms.contract_id, signed.id)))[0]!
          .document,
      ),
      sha256: '0'.repeat(64),
      signatures: [],
      verifyUrl: `${PUBLIC_URL}/verifikasi/${signed.verification_code}`,
      createdAt: new Date('2026-03-01T00:00:00Z'),
      marker: `${signed.verification_code} versi 1 ${'0'.repeat(64)}`,
    });
    const byOperator = await signPdf(unsigned, operator, new Date('2026-03-01T00:00:00Z'));
    const report = pdfsig(dir, byOperator);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: PT Operator TaniMitra');
    // This server signs with its generated key: the operator's file is someone else's signature to it.
    expect(await fileVerdict(signed.verification_code, byOperator)).toEqual({
      matches: false,
      reason: 'Tanda tangan digital berkas ini bukan milik TaniMitra',
    });
    const wrongPassword = loadConfig({ DATA_DIR: dir, SIGNING_P12: file, SIGNING_P12_PASSWORD: 'salah' });
    await expect(signingCredentials(wrongPassword, ctx.db)).rejects.toThrow();
  });
});

describe('GET and POST /verify/{code}', () => {
  it('shows the signed terms and signature times, for a code typed in any case and with spaces', async () => {
    const [place] = await ctx.db
      .select({ district: locations.district_name, province: locations.province_name })
      .from(locations)
      .where(eq(locations.id, cast.locationId));
    const code = signed.verification_code as string;
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(5, 14).toLowerCase()} ${code.slice(15)} `;
    const res = await verify(typed);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json.data as Json;
    expect(data).toMatchObject({
      code,
      state: 'signed',
      authentic: true,
      status: 'approved',
      terms_version: 1,
      terms: {
        commodity: 'Cabai merah',
        quantity: 2500,
        unit: 'kg',
        price: 5000,
        prices: [{ grade: 'A', price: 5000 }],
        payment_days: 7,
        total_value: 12_500_000,
        start_date: '2026-01-05',
        end_date: '2026-12-20',
        kabupaten: place!.district,
        province: place!.province,
      },
    });
    expect(data.signatures.map((s: Json) => Object.keys(s).sort())).toEqual([
      ['role', 'signed_at'],
      ['role', 'signed_at'],
    ]);
    expect(res.body).not.toContain(signed.fullname_petani);
    expect(res.body).not.toContain(signed.fullname_mitra);
    expect(res.body).not.toContain('Sawah Kontrak Uji');
    expect((await upload(typed, await pdfOf(signed.id, cast.tokens.petani))).json.data.file.matches).toBe(
      true,
    );
  });

  it('says "incomplete" until both signed, and tells a file of an older signature state or version', async () => {
    const offered = await offerContract(ctx, cast, SEASON);
    const code = offered.verification_code as string;
    const draft = await pdfOf(offered.id, cast.tokens.mitra);
    expect((await verify(code)).json.data).toMatchObject({ state: 'incomplete', authentic: false });
    expect(await fileVerdict(code, draft)).toEqual({ matches: true, reason: null });

    await must(signAs(ctx, offered.id, cast.tokens.petani, DEMO_PETANI.password));
    const halfSigned = await pdfOf(offered.id, cast.tokens.petani);
    expect((await verify(code)).json.data).toMatchObject({ state: 'incomplete', authentic: false });
    expect(await fileVerdict(code, draft)).toEqual({
      matches: false,
      reason:
        'Tanda tangan pada berkas ini tidak sama dengan tanda tangan kontrak saat ini; unduh dokumen terbaru',
    });
    expect(await fileVerdict(code, halfSigned)).toEqual({ matches: true, reason: null });

    // The mitra revises the terms: version 2 voids the petani's signature.
    await must(postAs(ctx, `${BASE}/${offered.id}/revise`, cast.tokens.mitra, { price: 5500 }));
    expect((await verify(code)).json.data).toMatchObject({ state: 'incomplete', terms_version: 2 });
    expect(await fileVerdict(code, halfSigned)).toEqual({
      matches: false,
      reason: 'Berkas ini untuk versi ketentuan lain (versi 1); versi yang berlaku adalah versi 2',
    });
    expect(await fileVerdict(signed.verification_code, halfSigned)).toEqual({
      matches: false,
      reason: `Berkas ini untuk kontrak lain (kode ${code})`,
    });
  });

  it('refuses what is not a PDF file: another type 415, an empty body 400, an unknown code 404', async () => {
    const code = signed.verification_code as string;
    for (const [body, type] of [
      ['{"file":"x"}', 'application/json'],
      ['%PDF-1.7', 'text/plain'],
      ['a=1', 'application/x-www-form-urlencoded'],
    ] as const) {
      const res = await upload(code, body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Berkas harus berupa PDF (Content-Type: application/pdf)',
        errors: [{ field: 'body' }],
      });
    }
    const empty = await upload(code, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'body' }],
    });
    const tooLarge = await upload(code, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const file = await pdfOf(signed.id, cast.tokens.petani);
    // Only this route reads a PDF: elsewhere application/pdf is still an unsupported type.
    const headers = { 'content-type': 'application/pdf' };
    const elsewhere = await call(ctx, { method: 'POST', url: '/api/v1/auth/signin', payload: file, headers });
    expect([elsewhere.statusCode, elsewhere.json.code]).toEqual([415, 'VALIDATION_ERROR']);
    const unknown = await upload('0000-0000-0000-0000', file);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 429 with Retry-After past 60 checks or 10 files a minute from one address', async () => {
    const code = signed.verification_code as string;
    await setRateLimitHits(ctx, 'verify:127.0.0.1', 59, 60);
    expect((await verify(code)).statusCode).toBe(200);
    const refused = await verify(code);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak pemeriksaan dari alamat ini. Coba lagi nanti.',
    });

    const file = await pdfOf(signed.id, cast.tokens.petani);
    await setRateLimitHits(ctx, 'verify-file:127.0.0.1', 9, 60);
    expect((await upload(code, file)).statusCode).toBe(200);
    const refusedFile = await upload(code, file);
    expect([refusedFile.statusCode, refusedFile.json.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refusedFile.headers['retry-after']).toMatch(/^\d+$/);
  });
});
