import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/engine/client.js';
import { downloads } from '../../db/schema.js';
import { counted } from '../../db/lists/list-spec.js';
import { notFound } from '../../http/errors.js';
import { consume } from '../../db/stores/rate-limits.js';
import type { DownloadFields } from './fields.js';
import { MAX_INT4 } from '../../http/schemas.js';
import { todayInJakarta } from '../../../shared/format-id.js';
import { downloadList, downloadRecord, type DownloadQuery, type PublicQuery } from './schema.js';

const record = downloadRecord.select;

/** Record field names → column names. */
function columnsOf(input: DownloadFields) {
  const { releaseDate, downloadUrl, isActive, ...same } = input;
  return {
    ...same,
    ...(releaseDate === undefined ? {} : { release_date: releaseDate }),
    ...(downloadUrl === undefined ? {} : { download_url: downloadUrl }),
    ...(isActive === undefined ? {} : { is_active: isActive }),
  };
}

export const listDownloads = (db: Db, query: DownloadQuery) => downloadList.list(db, query);

/** The public download page: active entries only, newest release first (then newest entry). */
export const listPublicDownloads = (db: Db, query: PublicQuery) =>
  downloadList.list(db, { ...query, order: 'desc' }, (bind) => ({
    shape: 'public',
    where: eq(downloads.is_active, true),
    sort: [downloads.release_date, downloads.created_at],
    total: counted('downloads', { k1: bind('platform_key', query.platform), k2: 'true' }),
  }));

export async function getDownload(db: Db, id: number) {
  const [row] = await db.select(record).from(downloads).where(eq(downloads.id, id));
  if (!row) throw notFound('Download');
  return row;
}

/** Missing fields take the spec's defaults: android, rating 4.5, active, released today. */
export async function createDownload(db: Db, input: DownloadFields) {
  const [row] = await db
    .insert(downloads)
    .values({
      platform: 'android',
      rating: 4.5,
      is_active: true,
      release_date: todayInJakarta(),
      ...columnsOf(input),
      name: input.name!,
      version: input.version!,
      size: input.size!,
      description: input.description!,
      download_url: input.downloadUrl!,
    })
    .returning(record);
  return row!;
}

export async function updateDownload(db: Db, id: number, input: DownloadFields) {
  const [row] = await db
    .update(downloads)
    .set({ ...columnsOf(input), updated_at: new Date() })
    .where(eq(downloads.id, id))
    .returning(record);
  if (!row) throw notFound('Download');
  return row;
}

export async function deleteDownload(db: Db, id: number) {
  const [row] = await db.delete(downloads).where(eq(downloads.id, id)).returning(record);
  if (!row) throw notFound('Download');
  return row;
}

/** A repeat from one address within this many seconds is not counted again. */
export const HIT_WINDOW_SECONDS = 60 * 60;

/**
 * One more download of an active entry, counted once per address per hour so that calling in a loop
 * does not inflate the figure (a repeat answers the record as it is). The count is one statement, so
 * concurrent hits from different addresses all count; the integer column caps it.
 */
export async function countHit(db: Db, id: number, ip: string) {
  const active = and(eq(downloads.id, id), eq(downloads.is_active, true));
  const first = await consume(db, [{ key: `download:${id}:${ip}`, max: 1 }], HIT_WINDOW_SECONDS);
  const [row] = first.allowed
    ? await db
        .update(downloads)
        .set({ downloads: sql`least(${downloads.downloads}::bigint + 1, ${MAX_INT4})` })
        .where(active)
        .returning(record)
    : await db.select(record).from(downloads).where(active);
  if (!row) throw notFound('Download');
  return row;
}
