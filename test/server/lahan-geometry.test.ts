import { count, eq, inArray } from 'drizzle-orm';
import { Geodesic } from 'geographiclib-geodesic';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY_MAX_POSITIONS } from '../../src/shared/boundary.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { lahan, landCategories, locations, type GeoPolygon } from '../../src/server/db/schema.js';
import { measureUnmeasuredLahan } from '../../src/server/modules/lahan/backfill.js';
import { measureGps } from '../../src/server/modules/lahan/geometry.js';
import { call, demoTokens, type CallOptions, type Json, useTestApp } from './support/app.js';

/*
 * The server checks a lahan's boundary and measures it on every write of gps: the area on the WGS84 ellipsoid
 * (against GeographicLib, an independent implementation), the centroid and the bounding box, which the Lahan
 * record shows as luas_terukur and luas_berbeda.
 */

const ctx = useTestApp();
const M = MESSAGES.lahan;

type Position = [number, number];

let admin: string;
let petani: string;
let mitra: string;
let locationId: number;
let categoryId: number;

beforeAll(async () => {
  ({ admin, petani, mitra } = await demoTokens(ctx));
  [{ id: locationId }] = (await ctx.db.select({ id: locations.id }).from(locations).limit(1)) as [
    { id: number },
  ];
  [{ id: categoryId }] = (await ctx.db.select({ id: landCategories.id }).from(landCategories).limit(1)) as [
    { id: number },
  ];
});

const api = (token: string, method: CallOptions['method'], url: string, payload?: unknown) =>
  call(ctx, { method, url: `/api/v1${url}`, token, payload });

const body = (extra: Json = {}) => ({
  nama_lahan: 'Sawah Batas Uji',
  luas_lahan: 10_000,
  address_lahan: 'Dusun Krajan',
  location_id: locationId,
  category_id: categoryId,
  ...extra,
});

const WGS84 = Geodesic.WGS84;

/** The position `metres` from [lon, lat] along `azimuth` (degrees from north), on the ellipsoid. */
function walk([lon, lat]: Position, azimuth: number, metres: number): Position {
  const to = WGS84.Direct(lat, lon, azimuth, metres);
  return [to.lon2!, to.lat2!];
}

/** A square of `side` metres with its south-west corner at `corner`: east, then north, then west. */
function square(corner: Position, side: number): Position[] {
  const east = walk(corner, 90, side);
  const north = walk(corner, 0, side);
  return [corner, east, walk(east, 0, side), north, corner];
}

/** The area of the polygon on the WGS84 ellipsoid by GeographicLib, holes taken out. */
function geographicLibArea(polygon: GeoPolygon): number {
  const ringArea = (ring: Position[]) => {
    const p = WGS84.Polygon(false);
    for (const [lon, lat] of ring.slice(0, -1)) p.AddPoint(lat, lon);
    return Math.abs(p.Compute(false, true).area!);
  };
  const [outer, ...holes] = polygon.coordinates;
  return holes.reduce((sum, hole) => sum - ringArea(hole), ringArea(outer!));
}

const polygon = (...rings: Position[][]): GeoPolygon => ({ type: 'Polygon', coordinates: rings });

/** The measured columns of a lahan as stored. */
const stored = async (id: number) =>
  (
    await ctx.db
      .select({
        gps: lahan.gps,
        luas_terukur: lahan.luas_terukur,
        centroid: lahan.centroid,
        bbox: lahan.bbox,
      })
      .from(lahan)
      .where(eq(lahan.id, id))
  )[0]!;

const lahanCount = async () => (await ctx.db.select({ n: count() }).from(lahan))[0]!.n;

describe('the measured area', () => {
  it('measures a 100 m × 100 m square on the equator as 10,000 m² within 1 %', async () => {
    const res = await api(petani, 'POST', '/lahan', body({ gps: polygon(square([109.3, 0], 100)) }));
    expect(res.statusCode).toBe(201);
    expect(Math.abs(res.json.data.luas_terukur - 10_000)).toBeLessThan(100);
    expect(res.json.data.luas_berbeda).toBe(false);
  });

  // 0.01 %: a sphere's area (what @turf/area gives alone) is 0.4–0.45 % off in Indonesia.
  it('agrees with GeographicLib within 0.01 % for plots of every size across Indonesia', () => {
    const shapes: [string, GeoPolygon][] = [
      ['a 20 m × 20 m garden near Merauke', polygon(square([140.4, -8.5], 20))],
      ['a 1 km square at Sabang', polygon(square([95.3, 5.8], 1000))],
      ['a 5 km square on Rote', polygon(square([123.1, -10.8], 5000))],
      [
        'a concave sawah in Central Java',
        polygon([
          [110.4, -7.05],
          [110.41, -7.05],
          [110.41, -7.04],
          [110.405, -7.045],
          [110.4, -7.04],
          [110.4, -7.05],
        ]),
      ],
      [
        'a plantation with a pond (a hole)',
        polygon(square([101.5, 0.5], 2000), square([101.505, 0.505], 300).reverse()),
      ],
      [
        'a 60-corner walked boundary in Sulawesi',
        polygon(
          Array.from({ length: 61 }, (_, i): Position => {
            const angle = ((i % 60) / 60) * 2 * Math.PI;
            const radius = 300 + 80 * Math.sin(5 * angle);
            return walk([120.0, -3.5], (angle * 180) / Math.PI, radius);
          }),
        ),
      ],
    ];
    for (const [name, shape] of shapes) {
      const expected = geographicLibArea(shape);
      const measured = measureGps(shape).luas_terukur!;
      expect(Math.abs(measured - expected) / expected, name).toBeLessThan(0.0001);
    }
  });

  it("stores a boundary's centroid and bounding box, a pin's own position, and clears them with gps", async () => {
    const boundary = polygon([
      [110.0, -7.0],
      [110.004, -7.0],
      [110.004, -6.998],
      [110.0, -6.998],
      [110.0, -7.0],
    ]);
    const created = await api(petani, 'POST', '/lahan', body({ gps: boundary }));
    const id = created.json.data.id as number;
    const row = await stored(id);
    expect(row.luas_terukur).toBe(created.json.data.luas_terukur);
    expect(row.centroid![0]).toBeCloseTo(110.002, 9);
    expect(row.centroid![1]).toBeCloseTo(-6.999, 9);
    expect(row.bbox).toEqual([110.0, -7.0, 110.004, -6.998]);

    const pinned = await api(petani, 'PUT', `/lahan/${id}`, {
      gps: { type: 'Point', coordinates: [110.5, -7.25] },
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json.data).toMatchObject({ luas_terukur: null, luas_berbeda: false });
    expect(await stored(id)).toMatchObject({
      luas_terukur: null,
      centroid: [110.5, -7.25],
      bbox: [110.5, -7.25, 110.5, -7.25],
    });

    const cleared = await api(petani, 'PUT', `/lahan/${id}`, { gps: null });
    expect(cleared.json.data).toMatchObject({ gps: null, luas_terukur: null, luas_berbeda: false });
    expect(await stored(id)).toEqual({ gps: null, luas_terukur: null, centroid: null, bbox: null });

    // An edit that leaves gps out keeps what was measured.
    await api(petani, 'PUT', `/lahan/${id}`, { gps: boundary });
    const renamed = await api(petani, 'PUT', `/lahan/${id}`, { nama_lahan: 'Sawah Baru' });
    expect(renamed.json.data.luas_terukur).toBe(created.json.data.luas_terukur);
    expect((await stored(id)).bbox).toEqual([110.0, -7.0, 110.004, -6.998]);
  });
});

describe('luas_berbeda', () => {
  it('flags a lahan whose declared area differs from the measured one by more than 20 %, wherever it is read', async () => {
    const gps = polygon(square([110.2, -7.3], 100));
    const measured = measureGps(gps).luas_terukur!;
    const cases: [number, boolean][] = [
      [measured, false],
      [measured / 1.19, false], // the measured area 19 % above the declared one
      [measured / 1.21, true],
      [measured / 0.79, true], // 21 % below
      [measured / 0.81, false],
    ];
    for (const [luas_lahan, flagged] of cases) {
      const res = await api(petani, 'POST', '/lahan', body({ luas_lahan, gps }));
      const id = res.json.data.id as number;
      expect(res.json.data, `${luas_lahan}`).toMatchObject({ luas_terukur: measured, luas_berbeda: flagged });
      expect((await api(petani, 'GET', `/lahan/${id}`)).json.data).toEqual(res.json.data);
      const mine = (await api(petani, 'GET', '/lahan/my?limit=100&sort=created_at&order=desc')).json
        .data as Json[];
      expect(mine.find((r) => r.id === id)).toMatchObject({ luas_berbeda: flagged });
      expect((await api(admin, 'GET', `/lahan/${id}`)).json.data.luas_berbeda).toBe(flagged);
    }
  });

  it('shows a mitra both areas of an active lahan', async () => {
    const gps = polygon(square([110.25, -7.3], 100));
    const created = await api(admin, 'POST', '/lahan', {
      ...body({ luas_lahan: 20_000, gps }),
      petani_id: (await api(petani, 'GET', '/lahan/my?limit=1')).json.data[0].petani_id,
    });
    const id = created.json.data.id as number;
    await api(admin, 'PUT', `/admin/verify-lahan/${id}`);
    const seen = await api(mitra, 'GET', `/lahan/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json.data).toMatchObject({ luas_lahan: 20_000, luas_berbeda: true });
    expect(seen.json.data.luas_terukur).toBeCloseTo(10_000, -2);
  });

  it('is measured again when an admin corrects the boundary', async () => {
    const created = await api(petani, 'POST', '/lahan', body({ gps: polygon(square([110.3, -7.3], 50)) }));
    const id = created.json.data.id as number;
    expect(created.json.data.luas_berbeda).toBe(true);
    const corrected = await api(admin, 'PUT', `/admin/lahan/${id}`, {
      gps: polygon(square([110.3, -7.3], 100)),
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json.data.luas_berbeda).toBe(false);
    expect((await stored(id)).luas_terukur).toBe(corrected.json.data.luas_terukur);
  });
});

describe('refused boundaries', () => {
  const at = (lon: number, lat: number): Position => [lon, lat];
  const ring = square(at(110.1, -7.1), 100);
  const [sw, se, ne, nw] = ring;
  const tooMany = Array.from({ length: BOUNDARY_MAX_POSITIONS + 1 }, (_, i): Position => {
    const angle = ((i % BOUNDARY_MAX_POSITIONS) / BOUNDARY_MAX_POSITIONS) * 2 * Math.PI;
    return [110.1 + 0.001 * Math.cos(angle), -7.1 + 0.001 * Math.sin(angle)];
  });
  const cases: [string, unknown, string][] = [
    ['a LineString', { type: 'LineString', coordinates: [sw, se] }, M.gpsInvalid],
    ['a text', '-7.1,110.1', M.gpsInvalid],
    ['a GeoJSON Feature', { type: 'Feature', geometry: polygon(ring), properties: {} }, M.gpsInvalid],
    ['a member that would not be stored', { ...polygon(ring), crs: 'EPSG:4326' }, M.gpsInvalid],
    ['a polygon with no rings', { type: 'Polygon', coordinates: [] }, M.gpsInvalid],
    ['a text position', { type: 'Point', coordinates: ['110.1', '-7.1'] }, M.gpsPositionInvalid],
    ['a position with altitude', polygon([sw!, se!, [...ne!, 12] as never, sw!]), M.gpsPositionInvalid],
    ['a ring not closed', polygon([sw!, se!, ne!, nw!]), M.gpsRingNotClosed],
    ['a ring of 3 positions', polygon([sw!, se!, sw!]), M.gpsRingTooShort],
    ['more than 1,000 positions', polygon(tooMany), M.gpsTooManyPositions],
    ['more than 9 holes', polygon(...Array.from({ length: 11 }, () => ring)), M.gpsTooManyRings],
    ['a pin in Paris', { type: 'Point', coordinates: [2.35, 48.85] }, M.gpsOutsideIndonesia],
    ['a boundary in Manila', polygon(square(at(121.0, 14.6), 100)), M.gpsOutsideIndonesia],
    ['a pin as [lat, lon]', { type: 'Point', coordinates: [-7.1, 110.1] }, M.gpsSwapped],
    ['a bow tie', polygon([sw!, ne!, se!, nw!, sw!]), M.gpsSelfIntersecting],
    [
      'a hole crossing the boundary',
      polygon(square(at(110.1, -7.1), 100), square(at(110.1005, -7.0995), 100)),
      M.gpsSelfIntersecting,
    ],
    [
      'a hole outside the boundary',
      polygon(square(at(110.1, -7.1), 100), square(at(110.11, -7.1), 20)),
      M.gpsHoleOutside,
    ],
    [
      'a hole inside another hole',
      polygon(
        square(at(110.1, -7.1), 1000),
        square(at(110.102, -7.098), 300),
        square(at(110.103, -7.097), 50),
      ),
      M.gpsHoleInHole,
    ],
    ['a boundary around half of Kalimantan', polygon(square(at(110, -3), 400_000)), M.gpsTooLarge],
    ['a line drawn as a polygon', polygon([sw!, se!, walk(se!, 90, 100), sw!]), M.gpsNoArea],
  ];

  it.each(cases)('refuses %s with 400 naming gps and creates nothing', async (_, gps, message) => {
    const before = await lahanCount();
    const res = await api(petani, 'POST', '/lahan', body({ gps }));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ field: 'gps', message }],
    });
    expect(await lahanCount()).toBe(before);
  });

  it('leaves a lahan as it was when its new boundary is refused, for the owner and the admin', async () => {
    const created = await api(petani, 'POST', '/lahan', body({ gps: polygon(ring) }));
    const id = created.json.data.id as number;
    const before = await stored(id);
    for (const [, gps, message] of cases) {
      const own = await api(petani, 'PUT', `/lahan/${id}`, { gps, nama_lahan: 'Ganti' });
      expect(own.json.errors).toEqual([{ field: 'gps', message }]);
      const byAdmin = await api(admin, 'PUT', `/admin/lahan/${id}`, { gps });
      expect(byAdmin.json.errors).toEqual([{ field: 'gps', message }]);
    }
    expect(await stored(id)).toEqual(before);
    expect((await api(petani, 'GET', `/lahan/${id}`)).json.data).toEqual(created.json.data);
  });

  it('takes a boundary walked with repeated positions and a pin anywhere in Indonesia', async () => {
    const walked = polygon([sw!, sw!, se!, ne!, ne!, nw!, sw!]);
    const res = await api(petani, 'POST', '/lahan', body({ gps: walked }));
    expect(res.statusCode).toBe(201);
    expect(res.json.data.gps).toEqual(walked);
    expect(res.json.data.luas_terukur).toBeCloseTo(measureGps(polygon(ring)).luas_terukur!, 6);
    for (const coordinates of [
      [95.32, 5.55], // Banda Aceh
      [140.7, -2.53], // Jayapura
      [123.3, -10.7], // Rote
    ]) {
      const pin = await api(petani, 'POST', '/lahan', body({ gps: { type: 'Point', coordinates } }));
      expect(pin.statusCode, `${coordinates}`).toBe(201);
    }
  });
});

describe('lahan stored before they were measured', () => {
  it('are measured after a start, once, in batches, and their records show it', async () => {
    const [owner] = await ctx.db.select({ id: lahan.petani_id }).from(lahan).limit(1);
    const shapes: (GeoPolygon | { type: 'Point'; coordinates: Position })[] = [
      polygon(square([110.6, -7.6], 80)),
      { type: 'Point', coordinates: [110.7, -7.7] },
      polygon(square([101.5, 0.5], 2000), square([101.505, 0.505], 300).reverse()),
    ];
    // As migration 0031 found them: gps stored, nothing measured (more than two batches).
    const inserted = await ctx.db
      .insert(lahan)
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          petani_id: owner!.id,
          nama_lahan: `Lahan lama ${i}`,
          luas_lahan: 6400,
          location_id: locationId,
          category_id: categoryId,
          gps: shapes[i % shapes.length]!,
        })),
      )
      .returning({ id: lahan.id, gps: lahan.gps });
    const shown = (await api(admin, 'GET', `/lahan/${inserted[0]!.id}`)).json.data;
    expect(shown).toMatchObject({ luas_terukur: null, luas_berbeda: false });

    expect(await measureUnmeasuredLahan(ctx.db)).toBe(inserted.length);
    const rows = await ctx.db
      .select({ id: lahan.id, luas_terukur: lahan.luas_terukur, centroid: lahan.centroid, bbox: lahan.bbox })
      .from(lahan)
      .where(
        inArray(
          lahan.id,
          inserted.map(({ id }) => id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id, gps } of inserted) {
      const { luas_terukur, centroid, bbox } = measureGps(gps);
      expect(byId.get(id), `${id}`).toEqual({ id, luas_terukur, centroid, bbox });
    }
    const measured = (await api(admin, 'GET', `/lahan/${inserted[0]!.id}`)).json.data;
    expect(measured.luas_terukur).toBeCloseTo(6400, -1);
    expect(measured.updated_at).toBe(shown.updated_at);
    expect(await measureUnmeasuredLahan(ctx.db)).toBe(0);
    const stopped = new AbortController();
    stopped.abort();
    await ctx.db.update(lahan).set({ centroid: null }).where(eq(lahan.id, inserted[0]!.id));
    expect(await measureUnmeasuredLahan(ctx.db, { signal: stopped.signal })).toBe(0);
    expect(await measureUnmeasuredLahan(ctx.db)).toBe(1);
  });
});
