import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, users } from '../../src/server/db/schema.js';
import { call, demoTokens, userIdOf, useTestApp, tokenForUser } from './support/app.js';
import { MESSAGES } from '../../src/shared/messages.js';

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;
let otherPetani: string;
let petaniId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
  otherPetani = await tokenForUser(ctx, 'petani', 1);
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-sample-image-bytes'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-sample')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

const upload = (token: string | undefined, kind: string, file: Buffer, mime: string, fileName = 'file.bin') =>
  call(ctx, {
    method: 'PUT',
    url: `/api/v1/user/me/documents/${kind}`,
    token,
    payload: { file_name: fileName, mime_type: mime, content_base64: file.toString('base64') },
  });

const read = (url: string, token?: string) => call(ctx, { url, token });

const storedKtp = async (userId: number) =>
  ctx.db
    .select({ id: documents.id, size: documents.size_bytes })
    .from(documents)
    .where(and(eq(documents.user_id, userId), eq(documents.kind, 'ktp')));

describe('PUT /user/me/documents/{kind} and GET /documents/{id}', () => {
  it('stores an upload that only its owner and admins can read back, byte for byte', async () => {
    const res = await upload(petani, 'ktp', PNG, 'image/png', 'KTP Budi.png');
    expect(res.statusCode).toBe(200);
    const doc = res.json.data;
    expect(doc).toMatchObject({
      kind: 'ktp',
      file_name: 'KTP Budi.png',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      url: `/api/v1/documents/${doc.id}`,
    });

    const owner = await read(doc.url, petani);
    expect(owner.statusCode).toBe(200);
    expect(owner.rawBody.equals(PNG)).toBe(true);
    expect(owner.headers['content-type']).toBe('image/png');
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.headers['x-content-type-options']).toBe('nosniff');
    expect(owner.headers['content-disposition']).toBe(
      `inline; filename="KTP Budi.png"; filename*=UTF-8''KTP%20Budi.png`,
    );

    const byAdmin = await read(doc.url, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawBody.equals(PNG)).toBe(true);

    const missing = await read('/api/v1/documents/2000000000', otherPetani);
    for (const stranger of [otherPetani, mitra]) {
      const res404 = await read(doc.url, stranger);
      expect(res404.statusCode).toBe(404);
      expect(res404.json).toEqual(missing.json);
      expect(res404.body).not.toContain('IHDR');
    }

    const anonymous = await read(doc.url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json.code).toBe('UNAUTHORIZED');
  });

  it('replaces the document of a kind with a new id and makes the account unverified again', async () => {
    await ctx.db.update(users).set({ status_verifikasi: true }).where(eq(users.id, petaniId));
    const first = (await upload(petani, 'ktp', PNG, 'image/png')).json.data;
    const second = await upload(petani, 'ktp', JPEG, 'image/jpeg', 'ktp-baru.jpg');
    expect(second.statusCode).toBe(200);
    expect(second.json.data.id).not.toBe(first.id);
    expect((await read(first.url, petani)).statusCode).toBe(404);
    const now = await read(second.json.data.url, petani);
    expect(now.rawBody.equals(JPEG)).toBe(true);
    expect(now.headers['content-type']).toBe('image/jpeg');
    expect(await storedKtp(petaniId)).toHaveLength(1);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, petaniId));
    expect(user!.status_verifikasi).toBe(false);
  });

  it('keeps the account verified when only the avatar changes', async () => {
    await ctx.db.update(users).set({ status_verifikasi: true }).where(eq(users.id, petaniId));
    expect((await upload(petani, 'avatar', PNG, 'image/png')).statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, petaniId));
    expect(user!.status_verifikasi).toBe(true);
  });

  it('accepts a PDF only for the mitra LOA', async () => {
    const loa = await upload(mitra, 'loa_file', PDF, 'application/pdf', 'LOA-001.pdf');
    expect(loa.statusCode).toBe(200);
    const back = await read(loa.json.data.url, mitra);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.rawBody.equals(PDF)).toBe(true);

    const pdfKtp = await upload(mitra, 'ktp', PDF, 'application/pdf');
    expect(pdfKtp.statusCode).toBe(400);
    expect(pdfKtp.json.message).toBe(MESSAGES.document.pdfOnlyForLoa);

    const petaniLoa = await upload(petani, 'loa_file', PDF, 'application/pdf');
    expect(petaniLoa.statusCode).toBe(400);
    expect(petaniLoa.json.errors[0].field).toBe('kind');

    const adminKtp = await upload(admin, 'ktp', PNG, 'image/png');
    expect(adminKtp.statusCode).toBe(400);
    expect((await upload(admin, 'avatar', PNG, 'image/png')).statusCode).toBe(200);
  });

  it('refuses bad uploads with a clear 4xx and changes nothing', async () => {
    const before = (await upload(petani, 'ktp', PNG, 'image/png')).json.data;

    const cases = [
      {
        res: await upload(petani, 'ktp', JPEG, 'image/png'),
        status: 400,
        message: 'Isi berkas bukan image/png',
      },
      { res: await upload(petani, 'ktp', PNG, 'image/gif'), status: 400 },
      { res: await upload(petani, 'ktp', PNG, 'image/svg+xml'), status: 400 },
      {
        res: await upload(petani, 'ktp', Buffer.alloc(0), 'image/png'),
        status: 400,
        message: MESSAGES.document.empty,
      },
      {
        res: await call(ctx, {
          method: 'PUT',
          url: '/api/v1/user/me/documents/ktp',
          token: petani,
          payload: { file_name: 'a.png', mime_type: 'image/png', content_base64: 'not base64!' },
        }),
        status: 400,
        message: MESSAGES.document.base64Invalid,
      },
      { res: await upload(petani, 'passport', PNG, 'image/png'), status: 400 },
      {
        res: await upload(petani, 'ktp', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png'),
        status: 413,
        message: 'Ukuran berkas maksimal 5 MB',
      },
      {
        res: await upload(petani, 'ktp', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'image/png'),
        status: 413,
      },
    ];
    for (const [i, { res, status, message }] of cases.entries()) {
      expect(res.statusCode, `case ${i}`).toBe(status);
      expect(res.json.success, `case ${i}`).toBe(false);
      if (message) expect(res.json.message, `case ${i}`).toBe(message);
    }

    expect(await storedKtp(petaniId)).toEqual([{ id: before.id, size: PNG.length }]);
    const still = await read(before.url, petani);
    expect(still.rawBody.equals(PNG)).toBe(true);
  });

  it('needs a token to upload', async () => {
    const res = await upload(undefined, 'ktp', PNG, 'image/png');
    expect(res.statusCode).toBe(401);
  });

  it('keeps only the last path segment of a file name and encodes non-ASCII names', async () => {
    const res = await upload(
      petani,
      'supporting_documents',
      PNG,
      'image/png',
      'C:\\Users\\budi\\Surat "tanah" ñ.png',
    );
    expect(res.json.data.file_name).toBe('Surat tanah ñ.png');
    const back = await read(res.json.data.url, petani);
    expect(back.headers['content-disposition']).toBe(
      `inline; filename="Surat tanah _.png"; filename*=UTF-8''Surat%20tanah%20%C3%B1.png`,
    );
  });

  it('serves seeded documents to their owner with a sandboxing CSP', async () => {
    const [seeded] = await ctx.db
      .select({ id: documents.id, mime: documents.mime_type })
      .from(documents)
      .where(
        and(eq(documents.user_id, await userIdOf(ctx, 'mitra', 0)), eq(documents.kind, 'verifikasi_ktp')),
      );
    const res = await read(`/api/v1/documents/${seeded!.id}`, mitra);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(seeded!.mime);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });
});
