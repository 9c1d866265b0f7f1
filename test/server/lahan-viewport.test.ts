import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/messages.js';
import { queryRows } from '../../src/server/db/engine/client.js';
import { lahan, luasBerbedaOf, type GeoPolygon } from '../../src/server/db/schema.js';
import { measureGps } from '../../src/server/modules/lahan/geometry.js';
import {
  COARSE_PLOTS_MAX,
  LIVE_ROWS_MAX,
  VIEWPORT_MAX_FEATURES,
  viewportJson,
} from '../../src/server/modules/lahan/viewport.js';
import { call, demoTokens, tokenForUser, userIdOf, useTestApp, type Json } from './support/app.js';
import { gridAgreesWithRows, gridSnapshot } from './support/lahan-grid.js';

/*
 * GET /lahan?bbox=…: the lahan in a map's view, as plots or grid clusters (docs/API.md, Map viewport). The test's
 * lahan lie in the sea south of Sumatra (lon 96, lat −10), where the demo seed puts none.
 */

const ctx = useTestApp();
let tokens: Record<'admin' | 'petani' | 'mitra', string>;
let owner: number;
let otherPetani: string;
let category: number;
let otherCategory: number;

const get = (token: string, url: string) => call(ctx, { url, token });
const view = async (token: string, bbox: string, filters = '', path = '/api/v1/lahan') => {
  const res = await get(token, `${path}?bbox=${bbox}${filters}`);
  expect(res.statusCode, `${path} ${bbox}${filters}: ${res.body}`).toBe(200);
  return res.json.data as Json;
};
const idsOf = (data: Json) => (data.features as Json[]).map((f) => f.id as number).sort((a, b) => a - b);
const countOf = (data: Json) =>
  (data.features as Json[]).reduce((n, f) => n + (f.properties.count as number), 0);

/** A square boundary of `side` degrees with its south-west corner at [lon, lat]. */
const square = (lon: number, lat: number, side = 0.0005): GeoPolygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + side, lat],
      [lon + side, lat + side],
      [lon, lat + side],
      [lon, lat],
    ],
  ],
});

/** Inserts lahan of `owner` with their boundaries measured as the server measures them; answers their ids. */
async function insertPlots(
  plots: { name: string; gps: GeoPolygon; status?: string; category?: number; luas?: number }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const plot of plots) {
    const m = measureGps(plot.gps);
    const [row] = await queryRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO lahan (petani_id, nama_lahan, luas_lahan, address_lahan, category_id, status, gps,
            luas_terukur, centroid, bbox)
          VALUES (${owner}, ${plot.name}, ${plot.luas ?? 3000}, 'Dusun Uji', ${plot.category ?? category},
            ${plot.status ?? 'active'}::lahan_status, ${JSON.stringify(plot.gps)}::jsonb, ${m.luas_terukur},
            point(${m.centroid![0]}, ${m.centroid![1]}),
            box(point(${m.bbox![2]}, ${m.bbox![3]}), point(${m.bbox![0]}, ${m.bbox![1]})))
          RETURNING id`,
    );
    ids.push(row!.id);
  }
  return ids;
}

/**
 * 2,500 pins of `owner` on a 50 × 50 grid 0.01° apart from [97.005, −10.495], one insert (a statement's rows
 * counted at once by the grid's triggers); every fifth pending, the others active; named 'Petak Grid'.
 */
async function insertGrid() {
  await ctx.db.execute(sql`
    INSERT INTO lahan (petani_id, nama_lahan, luas_lahan, address_lahan, category_id, status, gps, centroid, bbox)
    SELECT ${owner}, 'Petak Grid ' || g, 2000, 'Dusun Uji', ${category},
      (CASE WHEN g % 5 = 0 THEN 'pending' ELSE 'active' END)::lahan_status,
      jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p.lon, p.lat)),
      point(p.lon, p.lat), box(point(p.lon, p.lat), point(p.lon, p.lat))
    FROM generate_series(0, 2499) g
    CROSS JOIN LATERAL (SELECT 97.005 + (g % 50) * 0.01 AS lon, -10.495 + (g / 50) * 0.01 AS lat) p`);
}

const SEA = '96.9,-10.6,97.6,-9.9';
const WIDE = '94,-11.5,142,6.5';

beforeAll(async () => {
  tokens = await demoTokens(ctx);
  owner = await userIdOf(ctx, 'petani', 0);
  otherPetani = await tokenForUser(ctx, 'petani', 1);
  const categories = await queryRows<{ id: number }>(ctx.db, sql`SELECT id FROM land_categories ORDER BY id`);
  [category, otherCategory] = [categories[0]!.id, categories[1]!.id];
});

describe('a bad bbox', () => {
  it.each([
    'abc',
    '96,-10,97',
    '96,-10,97,-9,1',
    '97,-10,96,-9',
    '96,-9,97,-10',
    '181,-10,182,-9',
    '96,-91,97,-9',
    '96,-10,97,1e1',
    'NaN,-10,97,-9',
    '96,,97,-9',
    '',
  ])('%j → 400 naming bbox, in Indonesian', async (bbox) => {
    const res = await get(tokens.admin, `/api/v1/lahan?bbox=${encodeURIComponent(bbox)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.errors).toEqual([{ field: 'bbox', message: MESSAGES.lahan.bboxInvalid }]);
  });
});

describe('plots in view', () => {
  let inside: number[];
  let outside: number[];
  beforeAll(async () => {
    inside = await insertPlots([
      { name: 'Sawah Uji Utara', gps: square(96.1, -10.2), luas: 1000 },
      { name: 'Sawah Uji Selatan', gps: square(96.2, -10.3), status: 'pending' },
      { name: 'Kebun Uji Timur', gps: square(96.3, -10.25), category: otherCategory, luas: 100_000 },
    ]);
    outside = await insertPlots([{ name: 'Sawah Uji Jauh', gps: square(96.8, -10.2) }]);
  });

  it('answers the plots whose centroid lies in the box, not those outside, as GeoJSON features', async () => {
    const data = await view(tokens.admin, '96.05,-10.35,96.4,-10.1');
    expect(data).toMatchObject({ type: 'FeatureCollection', mode: 'plots', total: 3, cell: null });
    expect(idsOf(data)).toEqual(inside);
    expect(idsOf(data)).not.toContain(outside[0]);
    const first = (data.features as Json[]).find((f) => f.id === inside[0])!;
    expect(first.type).toBe('Feature');
    expect(first.geometry).toEqual(square(96.1, -10.2));
    expect(first.properties).toMatchObject({
      id: inside[0],
      nama_lahan: 'Sawah Uji Utara',
      luas_lahan: 1000,
      luas_berbeda: true,
      status: 'active',
      category_id: category,
    });
    expect(first.properties.luas_terukur).toBeCloseTo(measureGps(square(96.1, -10.2)).luas_terukur!, 3);
    expect(typeof first.properties.category_name).toBe('string');
    // 3,000 m² declared, about 3,050 measured.
    expect((data.features as Json[]).find((f) => f.id === inside[1])!.properties.luas_berbeda).toBe(false);
  });

  it("applies the list's filters: status, category, area, search", async () => {
    const box = '96.05,-10.35,96.4,-10.1';
    expect(idsOf(await view(tokens.admin, box, '&status=pending'))).toEqual([inside[1]]);
    expect(idsOf(await view(tokens.admin, box, `&category_id=${otherCategory}`))).toEqual([inside[2]]);
    expect(idsOf(await view(tokens.admin, box, '&luas_min=50000'))).toEqual([inside[2]]);
    expect(idsOf(await view(tokens.admin, box, '&q=uji%20sawah'))).toEqual([inside[0], inside[1]]);
    expect(idsOf(await view(tokens.admin, box, `&petani_id=${owner}&status=aktif`))).toEqual([
      inside[0],
      inside[2],
    ]);
  });

  it('shows each caller what the list shows them: a mitra the active ones, a petani their own', async () => {
    const box = '96.05,-10.35,96.4,-10.1';
    expect(idsOf(await view(tokens.mitra, box))).toEqual([inside[0], inside[2]]);
    expect(idsOf(await view(tokens.mitra, box, '&status=pending'))).toEqual([]);
    expect(idsOf(await view(tokens.petani, box))).toEqual(inside);
    expect(idsOf(await view(tokens.petani, box, '', '/api/v1/lahan/my'))).toEqual(inside);
    expect(await view(otherPetani, box)).toMatchObject({ mode: 'plots', total: 0, features: [] });
    expect(idsOf(await view(tokens.mitra, box, '', `/api/v1/lahan/petani/${owner}`))).toEqual([
      inside[0],
      inside[2],
    ]);
  });

  it('keeps the list answering pages without bbox', async () => {
    const res = await get(tokens.admin, '/api/v1/lahan?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json.pagination.limit).toBe(2);
    expect(res.json.data).toHaveLength(2);
  });

  it("answers an admin's unfiltered view of all Indonesia: the box's lahan, every one counted", async () => {
    const res = await get(tokens.admin, '/api/v1/lahan?bbox=94.5,-11.5,141.5,6.5');
    expect(res.statusCode).toBe(200);
    const [inBox] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from lahan where centroid <@ box(point(94.5, -11.5), point(141.5, 6.5))`,
    );
    expect(inBox!.n).toBeGreaterThan(50);
    expect(res.json.data).toMatchObject({ total: inBox!.n, capped: false });
  });
});

describe('clusters', () => {
  beforeAll(insertGrid);

  it('groups more than 2,000 lahan into grid cells whose counts sum to the total', async () => {
    const data = await view(tokens.admin, SEA);
    expect(data.mode).toBe('clusters');
    expect(data.total).toBe(2500);
    expect(countOf(data)).toBe(2500);
    const features = data.features as Json[];
    expect(features.length).toBeGreaterThan(1);
    expect(features.length).toBeLessThanOrEqual(2000);
    for (const f of features) {
      expect(f.properties.cluster).toBe(true);
      const [minLon, minLat, maxLon, maxLat] = f.properties.bbox as number[];
      expect(maxLon! - minLon!).toBeCloseTo(data.cell, 9);
      expect(maxLat! - minLat!).toBeCloseTo(data.cell, 9);
      const [lon, lat] = f.geometry.coordinates as number[];
      expect(lon).toBeGreaterThanOrEqual(minLon!);
      expect(lon).toBeLessThan(maxLon!);
      expect(lat).toBeGreaterThanOrEqual(minLat!);
      expect(lat).toBeLessThan(maxLat!);
    }
  });

  it('groups alike from the pre-counted grid and from the rows (a search the grid does not carry)', async () => {
    const counted = await view(tokens.admin, SEA);
    const live = await view(tokens.admin, SEA, '&q=petak%20grid');
    expect(live).toMatchObject({ mode: 'clusters', total: 2500, capped: false });
    expect(counted.capped).toBe(false);
    expect(live.cell).toBe(counted.cell);
    expect(live.features.map((f: Json) => [f.properties.bbox, f.properties.count])).toEqual(
      counted.features.map((f: Json) => [f.properties.bbox, f.properties.count]),
    );
    live.features.forEach((f: Json, i: number) => {
      expect(f.geometry.coordinates[0]).toBeCloseTo(counted.features[i].geometry.coordinates[0], 9);
      expect(f.geometry.coordinates[1]).toBeCloseTo(counted.features[i].geometry.coordinates[1], 9);
    });
  });

  // SEA is read by the centroid's index (WIDE: the test below).
  it.each([['a box', SEA]])(
    'groups %s from at most the cap of matching lahan read, saying the counts are capped',
    async (_, box) => {
      const all = await view(tokens.admin, box, '&q=petak%20grid');
      expect(all).toMatchObject({ mode: 'clusters', total: 2500, capped: false });
      expect(countOf(all)).toBe(2500);
      const admin = { id: await userIdOf(ctx, 'admin', 0), role: 'admin' as const };
      const capped = JSON.parse(
        await viewportJson(ctx.db, admin, { bbox: box, q: 'petak grid' }, undefined, 1000),
      ) as Json;
      expect(capped).toMatchObject({ mode: 'clusters', total: 1000, capped: true, cell: all.cell });
      expect(countOf(capped)).toBe(1000);
      // Each cell's count is at most its whole count: a lower bound, in the same cells.
      const whole = new Map(
        (all.features as Json[]).map((f) => [String(f.properties.bbox), f.properties.count]),
      );
      for (const f of capped.features as Json[])
        expect(f.properties.count).toBeLessThanOrEqual(whole.get(String(f.properties.bbox)));
      // At the cap exactly, nothing is left out.
      const exact = JSON.parse(
        await viewportJson(ctx.db, admin, { bbox: box, q: 'petak grid' }, undefined, 2500),
      ) as Json;
      expect(exact).toMatchObject({ total: 2500, capped: false });
      expect(exact.features).toEqual(all.features);
    },
  );

  it('counts only what the caller may see: 2,000 active lahan are plots for a mitra', async () => {
    const data = await view(tokens.mitra, SEA);
    expect(data).toMatchObject({ mode: 'plots', total: 2000 });
    expect((data.features as Json[]).every((f) => f.properties.status === 'active')).toBe(true);
    expect(await view(tokens.admin, SEA, '&status=pending')).toMatchObject({ mode: 'plots', total: 500 });
    expect(await view(tokens.petani, SEA)).toMatchObject({ mode: 'clusters', total: 2500 });
    expect(await view(otherPetani, SEA)).toMatchObject({ mode: 'plots', total: 0 });
  });

  it(`answers more than ${COARSE_PLOTS_MAX} plots in a box as wide as Java as their clusters, fewer as plots`, async () => {
    const java = '96.5,-11,103,-5';
    // From the grid (a mitra sees the 2,000 active, and the box's edge cells whatever else is active) and from the
    // rows (a search).
    const counted = await view(tokens.mitra, java);
    expect(counted).toMatchObject({ mode: 'clusters', capped: false });
    expect(counted.total).toBeGreaterThanOrEqual(2000);
    expect(countOf(counted)).toBe(counted.total);
    const read = await view(tokens.admin, java, '&status=active&q=petak%20grid');
    expect(read).toMatchObject({ mode: 'clusters', total: 2000, capped: false, cell: counted.cell });
    expect(countOf(read)).toBe(2000);
    const pending = await view(tokens.admin, java, '&status=pending');
    expect(pending).toMatchObject({ mode: 'plots', total: COARSE_PLOTS_MAX });
    expect(pending.features).toHaveLength(COARSE_PLOTS_MAX);
    expect(await view(tokens.admin, java, '&status=pending&q=petak%20grid')).toMatchObject({
      mode: 'plots',
      total: COARSE_PLOTS_MAX,
    });
  });

  it('answers a zoomed-in view of the same lahan as plots', async () => {
    const data = await view(tokens.admin, '97.0,-10.5,97.2,-10.3');
    expect(data).toMatchObject({ mode: 'plots', total: 400 });
    expect(data.features).toHaveLength(400);
  });

  it('keeps the grid equal to the rows through inserts, updates and deletes', async () => {
    await ctx.db.execute(sql`UPDATE lahan SET status = 'inactive' WHERE nama_lahan LIKE 'Petak Grid 1%'`);
    await ctx.db.execute(
      sql`UPDATE lahan SET centroid = point(centroid[0] + 0.3, centroid[1]) WHERE nama_lahan LIKE 'Petak Grid 2%'`,
    );
    await ctx.db.execute(sql`DELETE FROM lahan WHERE nama_lahan LIKE 'Petak Grid 3%'`);
    for (const level of [5, 9, 14]) await gridAgreesWithRows(ctx.db, level);
    const left = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM lahan
          WHERE status = 'active' AND centroid <@ box(point(97.6, -9.9), point(96.9, -10.6))`,
    );
    expect(await view(tokens.mitra, SEA)).toMatchObject({ mode: 'plots', total: left[0]!.n });
  });

  it('answers few matching lahan among more than 4,000 in the box as clusters, exact, and as plots zoomed in', async () => {
    // 4,200 pending pins 0.01° apart (the row triggers' search text and owner copy are not needed here).
    await ctx.db.execute(
      sql`ALTER TABLE lahan DISABLE TRIGGER search_text_of_row, DISABLE TRIGGER petani_verified_of_row`,
    );
    try {
      await ctx.db.execute(sql`
        INSERT INTO lahan (petani_id, nama_lahan, luas_lahan, address_lahan, category_id, status, gps, centroid)
        SELECT ${owner}, 'Petak Ramai ' || g, 2000, 'Dusun Uji', ${category}, 'pending',
          jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p.lon, p.lat)), point(p.lon, p.lat)
        FROM generate_series(0, 4199) g
        CROSS JOIN LATERAL (SELECT 99.005 + (g % 150) * 0.01 AS lon, -10.495 + (g / 150) * 0.01 AS lat) p`);
    } finally {
      await ctx.db.execute(
        sql`ALTER TABLE lahan ENABLE TRIGGER search_text_of_row, ENABLE TRIGGER petani_verified_of_row`,
      );
    }
    const [few] = await insertPlots([
      { name: 'Sawah Langka', gps: square(99.05, -10.45), status: 'active' },
      { name: 'Sawah Langka Dua', gps: square(99.1, -10.41), status: 'active' },
    ]);
    const wide = await view(tokens.admin, '98.95,-10.55,100.6,-9.1', '&status=active');
    expect(wide).toMatchObject({ mode: 'clusters', total: 2 });
    expect(countOf(wide)).toBe(2);
    const near = await view(tokens.admin, '99.04,-10.46,99.06,-10.44', '&status=active');
    expect(near).toMatchObject({ mode: 'plots', total: 1 });
    expect(idsOf(near)).toEqual([few]);
  }, 120_000);

  it('recounts to the same grid (what a bulk load calls)', async () => {
    const before = await gridSnapshot(ctx.db);
    await ctx.db.execute(sql`SELECT list_counts_recount_lahan_grid()`);
    expect(await gridSnapshot(ctx.db)).toEqual(before);
  });

  it('groups a wide view from at most the rows it can show as plots, read anywhere, saying so', async () => {
    const [matching] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM lahan WHERE NOT ${luasBerbedaOf(lahan)} AND centroid IS NOT NULL`,
    );
    expect(matching!.n).toBeGreaterThan(LIVE_ROWS_MAX);
    // The grid does not count luas_berbeda.
    const data = await view(tokens.admin, WIDE, '&luas_berbeda=false');
    // A wide box reads the matching rows wherever they lie, at most VIEWPORT_MAX_FEATURES of them (fewer under a
    // smaller cap), and counts those in its cells.
    expect(data).toMatchObject({ mode: 'clusters', capped: true });
    expect(data.total).toBeLessThanOrEqual(VIEWPORT_MAX_FEATURES);
    expect(countOf(data)).toBe(data.total);
    const admin = { id: await userIdOf(ctx, 'admin', 0), role: 'admin' as const };
    const search = { bbox: WIDE, q: 'petak grid' };
    const underCap = JSON.parse(await viewportJson(ctx.db, admin, search, undefined, 1000)) as Json;
    expect(underCap).toMatchObject({ mode: 'clusters', total: 1000, capped: true });
    expect(countOf(underCap)).toBe(1000);
    expect(JSON.parse(await viewportJson(ctx.db, admin, search))).toMatchObject({
      total: VIEWPORT_MAX_FEATURES,
      capped: true,
    });
  });
});
