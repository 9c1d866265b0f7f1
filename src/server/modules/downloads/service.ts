import { equalsIfGiven } from '../../db/lists/filters.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/engine/client.js';
import { downloads } from '../../db/schema.js';
import { CAPPED_COUNT, counted, type SortColumns } from '../../db/lists/list-spec.js';
import { listJson, type JsonListSpec, type JsonPage } from '../../db/lists/list-json.js';
import { isoTime, jsonObject } from '../../db/lists/json.js';
import { binder } from '../../db/lists/prebuilt.js';
import { searchCondition } from '../../db/search/search.js';
import { notFound } from '../../http/errors.js';
import { consume } from '../../db/stores/rate-limits.js';
import type { DownloadFields } from './fields.js';
import { MAX_INT4 } from '../../http/schemas.js';
import type { DOWNLOAD_SORT_KEYS, DownloadQuery, PublicQuery } from './schema.js';

/** The Download record: the spec's camelCase names over the table's columns. */
const record = {
  id: downloads.id,
  name: downloads.name,
  platform: downloads.platform,
  version: downloads.version,
  size: downloads.size,
  downloads: downloads.downloads,
  rating: downloads.rating,
  releaseDate: downloads.release_date,
  description: downloads.description,
  downloadUrl: downloads.download_url,
  changelog: downloads.changelog,
  isActive: downloads.is_active,
  createdAt: downloads.created_at,
  updatedAt: downloads.updated_at,
};

const sortColumns: SortColumns<typeof DOWNLOAD_SORT_KEYS> = {
  createdAt: downloads.created_at,
  releaseDate: downloads.release_date,
  name: downloads.name,
  downloads: downloads.downloads,
};

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

/** Today's date in Indonesia's western time zone (the product's home), `YYYY-MM-DD`. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

/** The Download record as JSON. */
const downloadJson = jsonObject({
  ...record,
  createdAt: isoTime(downloads.created_at),
  updatedAt: isoTime(downloads.updated_at),
});

/** One page of downloads as JSON (db/lists/list-json.ts puts them in order). */
const listDownloadsJson = (db: Db, spec: Omit<JsonListSpec, 'table' | 'id'>) =>
  listJson(db, { ...spec, table: downloads, id: downloads.id }, (page: JsonPage) =>
    db
      .select({ r: downloadJson.as('r'), n: page.rank })
      .from(downloads)
      .$dynamic()
      .where(page.onPage),
  );

export async function listDownloads(db: Db, query: DownloadQuery) {
  const { bind, values } = binder();
  const search = searchCondition(downloads.search_text, query.q, bind);
  const sort = query.sort ?? 'createdAt';
  return listDownloadsJson(db, {
    shape: `downloads|${sort}`,
    values,
    where: and(
      search,
      equalsIfGiven(downloads.platform, bind('platform', query.platform)),
      equalsIfGiven(downloads.is_active, bind('is_active', query.isActive)),
    ),
    sort: sortColumns[sort],
    order: query.order,
    page: query.page,
    limit: query.limit,
    planPerCall: search !== undefined,
    total: search
      ? CAPPED_COUNT
      : counted('downloads', {
          k1: bind('platform_key', query.platform),
          k2: bind('is_active_key', query.isActive?.toString()),
        }),
  });
}

/** The public download page: active entries only, newest release first (then newest entry). */
export async function listPublicDownloads(db: Db, query: PublicQuery) {
  const { bind, values } = binder();
  return listDownloadsJson(db, {
    shape: 'downloads|public',
    values,
    where: and(
      eq(downloads.is_active, true),
      equalsIfGiven(downloads.platform, bind('platform', query.platform)),
    ),
    sort: [downloads.release_date, downloads.created_at],
    order: 'desc',
    page: query.page,
    limit: query.limit,
    total: counted('downloads', { k1: bind('platform_key', query.platform), k2: 'true' }),
  });
}

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
      release_date: today(),
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
