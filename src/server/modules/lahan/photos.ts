import { and, eq, inArray } from 'drizzle-orm';
import { API_BASE_PATH } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { documents, lahan } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { notFound, validationError } from '../../http/errors.js';
import { decodeUpload, insertDocument, readStoredDocument, type Upload } from '../documents/service.js';

/** The photos of one lahan, its http(s) addresses and stored ones together (fields.ts IMAGES_MAX). */
export const LAHAN_PHOTOS_MAX = 10;
export const LAHAN_PHOTO_MESSAGES = {
  imageOnly: 'Foto lahan harus berupa gambar JPEG, PNG atau WebP',
  tooMany: `Sebuah lahan paling banyak memiliki ${LAHAN_PHOTOS_MAX} foto`,
};

/** Where a stored photo of a lahan is read; `url_image` lists it beside the http(s) addresses. */
export const lahanPhotoUrl = (lahanId: number, photoId: number) =>
  `${API_BASE_PATH}/lahan/${lahanId}/photos/${photoId}`;

const PHOTO_URL = new RegExp(`^${API_BASE_PATH}/lahan/\\d+/photos/\\d+$`);
/** Whether `url` is a stored lahan photo's address (so PUT /lahan may keep it in `url_image`). */
export const isLahanPhotoUrl = (url: string) => PHOTO_URL.test(url);

/**
 * The lahan `user` may manage photos of: its owner's or, for an admin, any. Anyone else gets the 404 of a
 * missing lahan. `lock` holds the row until the transaction ends, so two uploads do not both pass the limit.
 */
async function managedLahan(db: Db | Tx, user: AuthUser, lahanId: number, lock = false) {
  const query = db
    .select({ petani_id: lahan.petani_id, url_image: lahan.url_image })
    .from(lahan)
    .where(and(eq(lahan.id, lahanId), user.role === 'admin' ? undefined : eq(lahan.petani_id, user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Lahan');
  return row;
}

/**
 * The stored photo `photoId` of a lahan owned by `ownerId`. PUT /lahan accepts any photo address in url_image,
 * so the owner is checked too: listing another person's photo id reads or deletes nothing of theirs.
 */
const ownPhoto = (ownerId: number, photoIds: number[]) =>
  and(inArray(documents.id, photoIds), eq(documents.kind, 'lahan_photo'), eq(documents.user_id, ownerId));

const setPhotos = (tx: Tx, lahanId: number, urls: string[]) =>
  tx.update(lahan).set({ url_image: urls, updated_at: new Date() }).where(eq(lahan.id, lahanId));

/**
 * Stores an image as a document of the lahan's owner (so it goes with their account) and appends its URL to
 * the lahan's `url_image`. Checked like a personal document: type, size, content against the type.
 */
export async function addLahanPhoto(db: Db, user: AuthUser, lahanId: number, upload: Upload) {
  if (!upload.mime_type.startsWith('image/')) {
    const message = LAHAN_PHOTO_MESSAGES.imageOnly;
    throw validationError(message, [{ field: 'mime_type', message }]);
  }
  return db.transaction(async (tx) => {
    const owned = await managedLahan(tx, user, lahanId, true);
    // After the lahan: a caller who may not manage it gets its 404, whatever they sent.
    const bytes = decodeUpload(upload);
    if (owned.url_image.length >= LAHAN_PHOTOS_MAX) {
      const message = LAHAN_PHOTO_MESSAGES.tooMany;
      throw validationError(message, [{ field: 'url_image', message }]);
    }
    const doc = await insertDocument(tx, owned.petani_id, 'lahan_photo', upload, bytes);
    const url = lahanPhotoUrl(lahanId, doc.id);
    await setPhotos(tx, lahanId, [...owned.url_image, url]);
    return { ...doc, url };
  });
}

/** A photo of the lahan: only one its `url_image` lists, for its owner or an admin. */
export async function readLahanPhoto(db: Db, user: AuthUser, lahanId: number, photoId: number) {
  const owned = await managedLahan(db, user, lahanId);
  if (!owned.url_image.includes(lahanPhotoUrl(lahanId, photoId))) throw notFound('Photo');
  return readStoredDocument(db, ownPhoto(owned.petani_id, [photoId]), 'Photo');
}

/** Takes a stored photo off the lahan and deletes its bytes; answers the lahan's remaining `url_image`. */
export async function removeLahanPhoto(db: Db, user: AuthUser, lahanId: number, photoId: number) {
  return db.transaction(async (tx) => {
    const owned = await managedLahan(tx, user, lahanId, true);
    const url = lahanPhotoUrl(lahanId, photoId);
    if (!owned.url_image.includes(url)) throw notFound('Photo');
    const rest = owned.url_image.filter((u) => u !== url);
    await setPhotos(tx, lahanId, rest);
    await tx.delete(documents).where(ownPhoto(owned.petani_id, [photoId]));
    return { url_image: rest };
  });
}

/**
 * Deletes the stored photos of a lahan being deleted (in its transaction: lahan/service.ts deleteLahan), so
 * their bytes do not outlive it. http(s) addresses and other lahan's photo addresses are left alone.
 */
export async function deleteStoredPhotos(
  tx: Tx,
  { id, petani_id, url_image }: { id: number; petani_id: number; url_image: string[] },
) {
  const prefix = `${API_BASE_PATH}/lahan/${id}/photos/`;
  const photoIds = url_image
    .filter((url) => url.startsWith(prefix) && isLahanPhotoUrl(url))
    .map((url) => Number(url.slice(prefix.length)));
  if (photoIds.length > 0) await tx.delete(documents).where(ownPhoto(petani_id, photoIds));
}
