import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Geodesic } from 'geographiclib-geodesic';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LUAS_BERBEDA_RATIO } from '../../src/shared/boundary.js';
import type { Db } from '../../src/server/db/engine/client.js';
import { districts, lahan, locations, subDistricts, type GeoPolygon } from '../../src/server/db/schema.js';
import { FARMING_REGENCIES } from '../../src/server/db/seed/demo/catalog.js';
import { measureGps, validateBoundary } from '../../src/server/modules/lahan/geometry.js';
import { freshDatabase } from './support/app.js';

/*
 * The demo seed's lahan lie in their kabupaten with boundaries a GIS user would believe: the area the server
 * measures is the ellipsoid's (GeographicLib, an independent implementation), every boundary passes the server's
 * own check, and every plot sits on Indonesian land (Natural Earth 1:10m, not the app's simplified outline).
 */

type Position = [number, number];
type Row = Awaited<ReturnType<typeof seededLahan>>[number];

const seededLahan = (db: Db) =>
  db
    .select({
      id: lahan.id,
      gps: lahan.gps,
      luas_lahan: lahan.luas_lahan,
      luas_terukur: lahan.luas_terukur,
      centroid: lahan.centroid,
      bbox: lahan.bbox,
      regency: districts.code,
    })
    .from(lahan)
    .innerJoin(locations, eq(locations.id, lahan.location_id))
    .innerJoin(subDistricts, eq(subDistricts.id, locations.sub_district_id))
    .innerJoin(districts, eq(districts.id, subDistricts.district_id));

let rows: Row[];
let drop: () => Promise<void>;
let close: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  close = () => fresh.database.close();
  rows = await seededLahan(fresh.database.db);
});
afterAll(async () => {
  await close?.();
  await drop?.();
});

/** The area in m² on the WGS84 ellipsoid by GeographicLib's PolygonArea (Karney 2013), holes taken out. */
function geographicLibArea(polygon: GeoPolygon): number {
  return polygon.coordinates.reduce((total, ring, i) => {
    const area = Geodesic.WGS84.Polygon(false);
    for (const [lon, lat] of ring.slice(0, -1)) area.AddPoint(lat, lon);
    const ringArea = Math.abs(area.Compute(false, true).area!);
    return i === 0 ? total + ringArea : total - ringArea;
  }, 0);
}

/** Indonesia's land, Natural Earth 1:10m (world-atlas, country 360): its polygons' rings. */
function indonesiaLand(): Position[][][] {
  const require = createRequire(import.meta.url);
  const atlas = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'),
  ) as Topology;
  const countries = feature(atlas, atlas.objects.countries!) as unknown as GeoJSON.FeatureCollection;
  const indonesia = countries.features.find((f) => f.id === '360')!.geometry as GeoJSON.MultiPolygon;
  return indonesia.coordinates as Position[][][];
}

function inRing([x, y]: Position, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const onLand = (point: Position, land: Position[][][]) =>
  land.some(([outer, ...holes]) => inRing(point, outer!) && !holes.some((hole) => inRing(point, hole)));

/** Metres between two nearby positions (plane at their latitude). */
const metresBetween = ([lon1, lat1]: Position, [lon2, lat2]: Position) =>
  Math.hypot((lon2 - lon1) * 111_320 * Math.cos((lat1 * Math.PI) / 180), (lat2 - lat1) * 110_574);

const polygons = () => rows.filter((r): r is Row & { gps: GeoPolygon } => r.gps?.type === 'Polygon');

describe('the demo lahan boundaries', () => {
  it('give most demo lahan a boundary and the rest a pin', () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => r.gps !== null)).toBe(true);
    expect(polygons().length / rows.length).toBeGreaterThan(0.8);
    expect(rows.some((r) => r.gps!.type === 'Point')).toBe(true);
  });

  it('measure, by the server, what GeographicLib measures within 0.5 %, and store it', () => {
    for (const row of polygons()) {
      const independent = geographicLibArea(row.gps);
      expect(Math.abs(row.luas_terukur! - independent) / independent, `lahan ${row.id}`).toBeLessThan(0.005);
      const measured = measureGps(row.gps);
      expect(row.luas_terukur).toBeCloseTo(measured.luas_terukur!, 6);
      expect(row.centroid![0]).toBeCloseTo(measured.centroid![0], 9);
      expect(row.centroid![1]).toBeCloseTo(measured.centroid![1], 9);
      expect(row.bbox).toEqual(measured.bbox);
    }
    for (const row of rows.filter((r) => r.gps!.type === 'Point')) {
      expect(row.luas_terukur).toBeNull();
      expect(row.centroid).toEqual(row.gps!.coordinates);
    }
  });

  it("pass the server's boundary check: closed, 4-12 corners, not crossing, inside Indonesia", () => {
    for (const row of rows) {
      expect(validateBoundary(row.gps), `lahan ${row.id}`).toEqual(row.gps);
    }
    for (const { gps } of polygons()) {
      expect(gps.coordinates).toHaveLength(1);
      const corners = gps.coordinates[0]!.length - 1;
      expect(corners).toBeGreaterThanOrEqual(4);
      expect(corners).toBeLessThanOrEqual(12);
    }
  });

  it('lie on Indonesian land, near their kabupaten centre, each a few hundred metres across', () => {
    const land = indonesiaLand();
    const centres = new Map(FARMING_REGENCIES.map((r) => [r.code, [r.lon, r.lat] as Position]));
    for (const row of rows) {
      const centroid = row.centroid as Position;
      expect(onLand(centroid, land), `lahan ${row.id} at ${centroid}`).toBe(true);
      expect(metresBetween(centroid, centres.get(row.regency ?? '')!), `lahan ${row.id}`).toBeLessThan(8_000);
    }
    for (const { id, bbox } of polygons()) {
      const across = metresBetween([bbox![0], bbox![1]], [bbox![2], bbox![3]]);
      expect(across, `lahan ${id}`).toBeGreaterThan(20);
      expect(across, `lahan ${id}`).toBeLessThan(1_000);
    }
  });

  it('mostly agree with the declared area, a few differing by more than 20 % so the flag shows', () => {
    const differ = polygons().filter(
      (r) => Math.abs(r.luas_terukur! - r.luas_lahan) / r.luas_lahan > LUAS_BERBEDA_RATIO,
    );
    expect(differ.length).toBeGreaterThanOrEqual(3);
    expect(differ.length / polygons().length).toBeLessThan(0.2);
  });
});
