import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { lahan, petaniProfiles, users, type GeoPolygon } from '../../src/server/db/schema.js';
import { EXPORT_BATCH } from '../../src/server/modules/lahan/export.js';
import { measureGps } from '../../src/server/modules/lahan/geometry.js';
import { call, demoTokens, userIdOf, useTestApp, type Json } from './support/app.js';

const ctx = useTestApp();
const M = MESSAGES.lahanExport;
const EXPORT = '/api/v1/admin/lahan/export.geojson';

/** What a GIS user gets for each plot: nothing of its owner. */
const PROPERTIES = [
  'Area',
  'ProducerCountry',
  'ProductionPlace',
  'category_name',
  'district_name',
  'id',
  'location_name',
  'luas_lahan',
  'luas_terukur',
  'nama_lahan',
  'province_name',
  'status',
  'sub_district_name',
];

let admin: string;
let petani: string;
let mitra: string;
let dir: string;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  dir = mkdtempSync(path.join(tmpdir(), 'tanimitra-geojson-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const download = (query = '', token = admin) => call(ctx, { url: `${EXPORT}${query}`, token });

/** ogrinfo's summary of a downloaded file: the exit code, its messages, the feature count and the fields. */
function ogrinfo(body: Buffer, name: string) {
  const file = path.join(dir, `${name}.geojson`);
  writeFileSync(file, body);
  const run = spawnSync('ogrinfo', ['-ro', '-so', '-al', file], { encoding: 'utf8' });
  const fields = [...run.stdout.matchAll(/^(\w+): (Integer|Integer64|Real|String)\b/gm)].map((m) => m[1]!);
  return {
    status: run.status,
    stderr: run.stderr,
    featureCount: Number(/^Feature Count: (\d+)$/m.exec(run.stdout)?.[1]),
    fields: fields.sort(),
    stdout: run.stdout,
  };
}

const featuresOf = (res: { json: Json }) => res.json.features as Json[];
/** The exported lahan's ids, sorted (the export has no order of its own). */
const idsOf = (res: { json: Json }) =>
  featuresOf(res)
    .map((f) => f.id as number)
    .sort((a, b) => a - b);

/** The ids the admin list gives for a query, every page, of the lahan that have a gps. */
async function listedIds(query: string): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call(ctx, { url: `/api/v1/lahan?${query}&limit=100&page=${page}`, token: admin });
    expect(res.statusCode, query).toBe(200);
    for (const row of res.json.data as Json[]) if (row.gps !== null) found.push(row.id as number);
    if (page >= res.json.pagination.totalPages) return found.sort((a, b) => a - b);
  }
}

const withGps = async () =>
  (await ctx.db.select({ n: count() }).from(lahan).where(isNotNull(lahan.gps)))[0]!.n;

describe('GET /admin/lahan/export.geojson', () => {
  it('downloads every lahan with a gps as a dated GeoJSON attachment that ogrinfo reads', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tanimitra-lahan-${day}.geojson"`);
    expect(res.json.type).toBe('FeatureCollection');

    const expected = await withGps();
    expect(expected).toBeGreaterThan(0);
    expect(featuresOf(res)).toHaveLength(expected);
    const info = ogrinfo(res.rawBody, 'all');
    expect(info.stderr).toBe('');
    expect(info.status).toBe(0);
    expect(info.featureCount).toBe(expected);
    expect(info.stdout).toMatch(/WGS 84/);
    expect(info.fields).toEqual(PROPERTIES);
    expect(await openExports()).toBe(0);
  });

  it('gives each plot its boundary (or its pin), six decimals, the outer ring counterclockwise', async () => {
    const res = await download();
    const rows = await ctx.db
      .select({ id: lahan.id, gps: lahan.gps })
      .from(lahan)
      .where(isNotNull(lahan.gps));
    const stored = new Map(rows.map((r) => [r.id, r.gps!]));
    for (const feature of featuresOf(res)) {
      const gps = stored.get(feature.id)!;
      expect(feature.geometry.type).toBe(gps.type);
      if (gps.type === 'Point') {
        expect(feature.geometry.coordinates).toEqual(gps.coordinates.map(round6));
        expect(feature.properties.Area).toBe(Math.round(feature.properties.luas_lahan) / 10_000);
      } else {
        const [outer] = feature.geometry.coordinates as [number, number][][];
        expect(signedArea(outer!)).toBeGreaterThan(0);
        expect(
          sameRing(
            outer!,
            gps.coordinates[0]!.map((p) => p.map(round6) as [number, number]),
          ),
        ).toBe(true);
        expect(feature.properties.Area).toBeUndefined();
      }
      expect(feature.properties.id).toBe(feature.id);
      expect(feature.properties.ProducerCountry).toBe('ID');
    }
    const coordinates = [...res.body.matchAll(/"coordinates":(\[[^}]*\])/g)].map((m) => m[1]!);
    const numbers = coordinates.flatMap((text) => text.match(/-?[\d.]+/g)!);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((n) => !/^-?\d+\.\d{6}$/.test(n))).toEqual([]);
  });

  it('carries no personal data of the owners', async () => {
    const res = await download();
    const owners = await ctx.db
      .selectDistinct({
        name: users.full_name,
        email: users.email,
        username: users.username,
        phone: users.phone,
        alamat: petaniProfiles.alamat,
        nik: petaniProfiles.nik,
      })
      .from(lahan)
      .innerJoin(users, eq(users.id, lahan.petani_id))
      .leftJoin(petaniProfiles, eq(petaniProfiles.user_id, lahan.petani_id))
      .where(inArray(lahan.id, idsOf(res)));
    expect(owners.length).toBeGreaterThan(1);
    const leaked = owners.flatMap((owner) =>
      Object.values(owner).filter((value) => value !== null && res.body.includes(value)),
    );
    expect(leaked).toEqual([]);
    for (const feature of featuresOf(res))
      expect(Object.keys(feature.properties).sort()).toEqual(
        PROPERTIES.filter((p) => p !== 'Area' || feature.geometry.type === 'Point'),
      );
  });

  it("applies the admin list's filters and search: the same lahan the list shows", async () => {
    const [sample] = await ctx.db
      .select({ petani_id: lahan.petani_id, nama_lahan: lahan.nama_lahan, category_id: lahan.category_id })
      .from(lahan)
      .where(isNotNull(lahan.gps))
      .orderBy(lahan.id)
      .limit(1);
    const word = sample!.nama_lahan.split(' ')[0]!;
    const queries = [
      'status=active',
      'status=aktif&petani_verified=true',
      `petani_id=${sample!.petani_id}`,
      `category_id=${sample!.category_id}&luas_min=5000&luas_max=30000`,
      `q=${encodeURIComponent(word)}`,
      `q=${encodeURIComponent(word)}&status=pending`,
    ];
    for (const query of queries) {
      const res = await download(`?${query}`);
      expect(res.statusCode, query).toBe(200);
      const expected = await listedIds(query);
      expect(idsOf(res), query).toEqual(expected);
      expect(ogrinfo(res.rawBody, 'filtered').featureCount, query).toBe(expected.length);
    }
    const active = await download('?status=active');
    expect(featuresOf(active).length).toBeGreaterThan(0);
    expect(featuresOf(active).length).toBeLessThan(await withGps());
    expect(featuresOf(active).every((f) => f.properties.status === 'active')).toBe(true);
  });

  it("takes the map's bbox like the other filters: the lahan whose centroid lies in the box", async () => {
    const [minLon, minLat, maxLon, maxLat] = [107.7, -7.4, 108.1, -7.0]; // about Garut
    const res = await download(`?bbox=${[minLon, minLat, maxLon, maxLat].join(',')}&status=active`);
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db
      .select({ id: lahan.id, centroid: lahan.centroid })
      .from(lahan)
      .where(and(isNotNull(lahan.gps), eq(lahan.status, 'active')));
    const inside = rows
      .filter(({ centroid }) => {
        const [lon, lat] = centroid!;
        return lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat;
      })
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(rows.length);
    expect(idsOf(res)).toEqual(inside);
    const bad = await download('?bbox=107,-7,106,-6');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual([{ field: 'bbox', message: MESSAGES.lahan.bboxInvalid }]);
  });

  it('refuses an unknown filter, a page or a bad value with 400 naming it, in Indonesian', async () => {
    const cases: [string, string, string][] = [
      ['?pemilik=Budi', 'pemilik', M.unknownFilter('pemilik')],
      ['?page=2', 'page', M.unknownFilter('page')],
      ['?status=archived', 'status', M.invalidFilter('status')],
      ['?category_id=abc', 'category_id', M.invalidFilter('category_id')],
      ['?luas_min=500&luas_max=100', 'luas_max', MESSAGES.lahan.areaRangeInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await download(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(res.json, query).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(res.json.errors, query).toEqual([{ field, message }]);
    }
  });

  it('is for admins only: 401 without a token, 403 to a petani and a mitra', async () => {
    expect((await download('', '')).statusCode).toBe(401);
    for (const token of [petani, mitra]) {
      const res = await download('', token);
      expect(res.statusCode).toBe(403);
      expect(res.json.code).toBe('INVALID_ROLE');
    }
  });

  it('leaves out a lahan without gps, writes holes clockwise and streams past one batch, each lahan once', async () => {
    const owner = await userIdOf(ctx, 'petani', 3);
    const [template] = await ctx.db.select().from(lahan).where(eq(lahan.petani_id, owner)).limit(1);
    const { id: _id, search_text: _s, created_at: _c, updated_at: _u, ...base } = template!;
    // Clockwise outer ring with a counterclockwise hole: the export turns both.
    const drawn: GeoPolygon = {
      type: 'Polygon',
      coordinates: [
        [
          [107.1, -6.9],
          [107.1, -6.898],
          [107.102, -6.898],
          [107.102, -6.9],
          [107.1, -6.9],
        ],
        [
          [107.1005, -6.8995],
          [107.1015, -6.8995],
          [107.1015, -6.8985],
          [107.1005, -6.8985],
          [107.1005, -6.8995],
        ],
      ],
    };
    const rows = Array.from({ length: EXPORT_BATCH * 2 + 7 }, (_, i) => {
      const gps = i === 0 ? null : drawn;
      const { centroid, bbox, luas_terukur } = measureGps(gps);
      return { ...base, nama_lahan: `Petak ekspor ${i}`, gps, centroid, bbox, luas_terukur };
    });
    const created = await ctx.db.insert(lahan).values(rows).returning({ id: lahan.id });
    const [bare, ...drawnIds] = created.map((row) => row.id);

    const res = await download(`?petani_id=${owner}`);
    const ids = idsOf(res);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(bare);
    expect(ids).toEqual(expect.arrayContaining(drawnIds));
    const expected = await ctx.db
      .select({ n: count() })
      .from(lahan)
      .where(and(eq(lahan.petani_id, owner), isNotNull(lahan.gps)));
    expect(ids).toHaveLength(expected[0]!.n);
    expect(ogrinfo(res.rawBody, 'batches').featureCount).toBe(expected[0]!.n);

    const turned = featuresOf(res).find((f) => f.id === drawnIds[0])!.geometry.coordinates;
    expect(signedArea(turned[0])).toBeGreaterThan(0);
    expect(signedArea(turned[1])).toBeLessThan(0);
    expect(sameRing(turned[0], drawn.coordinates[0]!)).toBe(true);

    // A client that leaves after the first bytes: the cursor is closed and its connection freed all the same.
    const leaving = new AbortController();
    const partial = await fetch(`${ctx.baseUrl}${EXPORT}?petani_id=${owner}`, {
      headers: { authorization: `Bearer ${admin}` },
      signal: leaving.signal,
    });
    await partial.body!.getReader().read();
    leaving.abort();
    await vi.waitFor(async () => expect(await openExports()).toBe(0), { timeout: 10_000, interval: 100 });
    await ctx.db.delete(lahan).where(sql`${lahan.id} in ${created.map((row) => row.id)}`);
  });
});

/**
 * Exports still reading: on PostgreSQL a connection idle in its transaction, on the embedded database (one
 * session) an open cursor.
 */
async function openExports(): Promise<number> {
  const onPostgres = (ctx.db as unknown as { $client: unknown }).$client instanceof pg.Pool;
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    onPostgres
      ? sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`
      : sql`select count(*)::int as n from pg_cursors where name like 'lahan_export_%'`,
  );
  return row!.n;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function signedArea(ring: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/** The same closed ring, in either direction. */
function sameRing(a: [number, number][], b: [number, number][]): boolean {
  const key = (ring: [number, number][]) => ring.map((p) => p.join(',')).join(' ');
  return key(a) === key(b) || key(a) === key([...b].reverse());
}
