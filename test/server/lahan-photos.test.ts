import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, lahan } from '../../src/server/db/schema.js';
import { LAHAN_PHOTO_MESSAGES, LAHAN_PHOTOS_MAX } from '../../src/server/modules/lahan/photos.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { call, demoTokens, tokenForUser, userIdOf, useTestApp } from './support/app.js';

/*
 * Photos of a lahan uploaded to the server (POST/GET/DELETE /lahan/{id}/photos): stored as documents of the
 * lahan's owner, listed in its url_image, readable and removable by the owner and admins only, checked like
 * personal documents.
 */

const ctx = useTestApp();
let admin: string;
let petani: string;
let mitra: string;
let otherPetani: string;
let petaniId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-lahan-photo'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-lahan')]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  petaniId = await userIdOf(ctx, 'petani');
  otherPetani = await tokenForUser(ctx, 'petani', 1);
});

/** A fresh lahan (of the demo petani unless `token` is another's) with one http(s) photo address. */
async function newLahan(name: string, token = petani) {
  const [anyLahan] = await ctx.db.select().from(lahan).where(eq(lahan.petani_id, petaniId)).limit(1);
  const res = await call(ctx, {
    method: 'POST',
    url: '/api/v1/lahan',
    token,
    payload: {
      nama_lahan: name,
      luas_lahan: 1000,
      address_lahan: 'Dusun Foto',
      location_id: anyLahan!.location_id,
      category_id: anyLahan!.category_id,
      url_image: ['https://example.test/sawah.jpg'],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json.data.id as number;
}

const upload = (lahanId: number, token: string | undefined, file: Buffer, mime: string, name = 'foto.png') =>
  call(ctx, {
    method: 'POST',
    url: `/api/v1/lahan/${lahanId}/photos`,
    token,
    payload: { file_name: name, mime_type: mime, content_base64: file.toString('base64') },
  });

const photosOf = async (lahanId: number) =>
  (await call(ctx, { url: `/api/v1/lahan/${lahanId}`, token: petani })).json.data.url_image as string[];

describe('POST /lahan/{id}/photos', () => {
  it('stores the photo for its owner, lists it in url_image, and only the owner and admins read it', async () => {
    const id = await newLahan('Sawah Foto Satu');
    const res = await upload(id, petani, PNG, 'image/png', 'Sawah pagi.png');
    expect(res.statusCode).toBe(201);
    const photo = res.json.data;
    expect(photo).toMatchObject({ kind: 'lahan_photo', file_name: 'Sawah pagi.png', size_bytes: PNG.length });
    expect(photo.url).toBe(`/api/v1/lahan/${id}/photos/${photo.id}`);
    expect(await photosOf(id)).toEqual(['https://example.test/sawah.jpg', photo.url]);
    const [stored] = await ctx.db.select().from(documents).where(eq(documents.id, photo.id));
    expect(stored).toMatchObject({ user_id: petaniId, kind: 'lahan_photo' });

    for (const reader of [petani, admin]) {
      const read = await call(ctx, { url: photo.url, token: reader });
      expect(read.statusCode).toBe(200);
      expect(read.rawBody.equals(PNG)).toBe(true);
      expect(read.headers['content-type']).toBe('image/png');
      expect(read.headers['cache-control']).toBe('private, no-store');
    }
    const stranger = await call(ctx, { url: photo.url, token: otherPetani });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('IHDR');
    expect((await call(ctx, { url: photo.url, token: mitra })).statusCode).toBe(403);
    expect((await call(ctx, { url: photo.url })).statusCode).toBe(401);
    // Another lahan's address for the same photo is not a way in.
    const other = await newLahan('Sawah Foto Lain');
    expect(
      (await call(ctx, { url: `/api/v1/lahan/${other}/photos/${photo.id}`, token: petani })).statusCode,
    ).toBe(404);
  });

  it('lets an admin add a photo that belongs to the owner; others may not add', async () => {
    const id = await newLahan('Sawah Foto Admin');
    const byAdmin = await upload(id, admin, JPEG, 'image/jpeg', 'admin.jpg');
    expect(byAdmin.statusCode).toBe(201);
    const [stored] = await ctx.db.select().from(documents).where(eq(documents.id, byAdmin.json.data.id));
    expect(stored!.user_id).toBe(petaniId);
    expect((await call(ctx, { url: byAdmin.json.data.url, token: petani })).statusCode).toBe(200);

    const before = await photosOf(id);
    expect((await upload(id, otherPetani, PNG, 'image/png')).statusCode).toBe(404);
    expect((await upload(id, mitra, PNG, 'image/png')).statusCode).toBe(403);
    expect((await upload(id, undefined, PNG, 'image/png')).statusCode).toBe(401);
    expect((await upload(999999, petani, PNG, 'image/png')).statusCode).toBe(404);
    expect(await photosOf(id)).toEqual(before);
  });

  it('refuses a PDF, bytes that are not the type, an empty file and an eleventh photo, changing nothing', async () => {
    const id = await newLahan('Sawah Foto Salah');
    const count = async () =>
      (
        await ctx.db
          .select()
          .from(documents)
          .where(and(eq(documents.user_id, petaniId), eq(documents.kind, 'lahan_photo')))
      ).length;
    const stored = await count();
    const cases: [Buffer, string, string, string][] = [
      [PDF, 'application/pdf', 'mime_type', LAHAN_PHOTO_MESSAGES.imageOnly],
      [PDF, 'image/png', 'content_base64', MESSAGES.document.contentMismatch('image/png')],
      [Buffer.alloc(0), 'image/png', 'content_base64', MESSAGES.document.empty],
    ];
    for (const [file, mime, field, message] of cases) {
      const res = await upload(id, petani, file, mime);
      expect(res.statusCode, message).toBe(400);
      expect(res.json).toMatchObject({ success: false, message, errors: [{ field, message }] });
    }
    expect(await count()).toBe(stored);

    for (let n = 1; n < LAHAN_PHOTOS_MAX; n++)
      expect((await upload(id, petani, PNG, 'image/png')).statusCode).toBe(201);
    const full = await upload(id, petani, PNG, 'image/png');
    expect(full.statusCode).toBe(400);
    expect(full.json.errors).toEqual([{ field: 'url_image', message: LAHAN_PHOTO_MESSAGES.tooMany }]);
    expect(await photosOf(id)).toHaveLength(LAHAN_PHOTOS_MAX);
  });
});

describe('DELETE /lahan/{id}/photos/{photoId} and PUT /lahan/{id}', () => {
  it('removes a photo and its bytes; PUT keeps uploaded photos in url_image', async () => {
    const id = await newLahan('Sawah Foto Hapus');
    const first = (await upload(id, petani, PNG, 'image/png')).json.data;
    const second = (await upload(id, petani, JPEG, 'image/jpeg', 'b.jpg')).json.data;

    // The owner's edit of url_image may keep uploaded photos' addresses (and drop the http one).
    const put = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/lahan/${id}`,
      token: petani,
      payload: { url_image: [first.url, second.url] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json.data.url_image).toEqual([first.url, second.url]);

    expect((await call(ctx, { method: 'DELETE', url: first.url, token: otherPetani })).statusCode).toBe(404);
    expect((await call(ctx, { method: 'DELETE', url: first.url, token: mitra })).statusCode).toBe(403);
    const removed = await call(ctx, { method: 'DELETE', url: first.url, token: petani });
    expect(removed.statusCode).toBe(200);
    expect(removed.json.data.url_image).toEqual([second.url]);
    expect(await photosOf(id)).toEqual([second.url]);
    expect(await ctx.db.select().from(documents).where(eq(documents.id, first.id))).toEqual([]);
    expect((await call(ctx, { url: first.url, token: petani })).statusCode).toBe(404);
    expect((await call(ctx, { method: 'DELETE', url: first.url, token: petani })).statusCode).toBe(404);
  });
});

describe('DELETE /lahan/{id}: its stored photos go with it', () => {
  const storedPhotos = async (ids: number[]) =>
    (await ctx.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).length;

  for (const [who, token] of [
    ['its owner', () => petani],
    ['an admin', () => admin],
  ] as const)
    it(`deleted by ${who}, the lahan leaves no photo bytes behind and its photo addresses answer 404`, async () => {
      const id = await newLahan(`Sawah Foto Dihapus ${who}`);
      const photos = [
        (await upload(id, petani, PNG, 'image/png')).json.data,
        (await upload(id, petani, JPEG, 'image/jpeg', 'b.jpg')).json.data,
      ];
      const ids = photos.map((p: { id: number }) => p.id);
      expect(await storedPhotos(ids)).toBe(2);

      const deleted = await call(ctx, { method: 'DELETE', url: `/api/v1/lahan/${id}`, token: token() });
      expect(deleted.statusCode).toBe(200);
      expect(await storedPhotos(ids)).toBe(0);
      for (const photo of photos)
        expect((await call(ctx, { url: photo.url, token: admin })).statusCode).toBe(404);
    });

  it("another petani listing someone's photo id under their own lahan neither reads nor deletes it", async () => {
    const owner = await newLahan('Sawah Foto Milik');
    const photo = (await upload(owner, petani, PNG, 'image/png')).json.data;
    const theirs = await newLahan('Sawah Foto Pinjam', otherPetani);
    const borrowed = `/api/v1/lahan/${theirs}/photos/${photo.id}`;
    const put = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/lahan/${theirs}`,
      token: otherPetani,
      payload: { url_image: [borrowed] },
    });
    expect(put.statusCode).toBe(200);
    expect((await call(ctx, { url: borrowed, token: otherPetani })).statusCode).toBe(404);
    expect(
      (await call(ctx, { method: 'DELETE', url: `/api/v1/lahan/${theirs}`, token: otherPetani })).statusCode,
    ).toBe(200);
    expect(await storedPhotos([photo.id])).toBe(1);
    expect((await call(ctx, { url: photo.url, token: petani })).statusCode).toBe(200);
  });
});
