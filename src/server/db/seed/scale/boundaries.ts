import { h } from './sql.js';

/** WGS84's semi-major axis (m) and first eccentricity squared. */
const A = 6378137;
const E2 = 0.00669437999014;

/**
 * A LATERAL subquery giving the scale lahan of row `g` in location `location` its boundary, set-based: `gps` (a
 * GeoJSON Polygon, positions to 6 decimals), `pin` (its centre as a Point, for a schema without the measured
 * columns) and the columns the server measures (modules/lahan/geometry.ts `measureGps`): `luas_terukur`,
 * `centroid`, `bbox`.
 *
 * Each location has a place of its own on the archipelago's band (a hash of its id: the scale set has no village
 * coordinates), and its lahan lie within about 4 km of it, so a village zoomed in holds its plots side by side
 * as real ones do. A plot is a quadrilateral of 20–150 m a side, one corner in each quadrant around its centre
 * (so its ring never crosses itself): 0.03–2.25 ha. Its area is the planar shoelace area scaled by the
 * ellipsoid's radii of curvature at its centroid, which for a plot this small agrees with the geodesic area to
 * within 0.01 %; its centroid is the shoelace centroid measureGps computes. Each step is its own subquery
 * (OFFSET 0): flattened, every reference to a corner would repeat its whole expression.
 */
export function plotBoundary(g: string, location: string): string {
  const unit = (salt: number, steps: number) => `(mod(${h(g, salt)}, ${steps})::float8 / ${steps - 1})`;
  const shrink = (salt: number) => `(1 - 0.3 * ${unit(salt, 31)})`;
  // Corner i: [x sign, y sign] around the centre, counter-clockwise from the south-west.
  const corners = (
    [
      ['-', '-'],
      ['+', '-'],
      ['+', '+'],
      ['-', '+'],
    ] as const
  )
    .map(([sx, sy], i) => {
      // To 6 decimals: the double nearest k / 10^6, as the decimal text would be read.
      const x = `round((o.lon ${sx} s.a * ${shrink(76 + 2 * i)} * s.kx) * 1e6) / 1e6`;
      const y = `round((o.lat ${sy} s.b * ${shrink(77 + 2 * i)} * s.ky) * 1e6) / 1e6`;
      return `${x} AS x${i + 1}, ${y} AS y${i + 1}`;
    })
    .join(',\n      ');
  const position = (i: number) => `jsonb_build_array(c.x${i}, c.y${i})`;
  // The shoelace terms relative to corner 1 (as measureGps takes them from the ring's first position).
  const u = (i: number) => `(c.x${i} - c.x1)`;
  const v = (i: number) => `(c.y${i} - c.y1)`;
  const cross = (i: number, j: number) => `(${u(i)} * ${v(j)} - ${u(j)} * ${v(i)})`;
  return `(
    SELECT jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
             ${[1, 2, 3, 4, 1].map(position).join(', ')}))) AS gps,
           jsonb_build_object('type', 'Point', 'coordinates',
             jsonb_build_array(round(o.lon::numeric, 6), round(o.lat::numeric, 6))) AS pin,
           abs(m.a2) / 2 * radians(1) ^ 2 * ${A * A * (1 - E2)} / (1 - ${E2} * sin(radians(m.lat)) ^ 2) ^ 2
             * cos(radians(m.lat)) AS luas_terukur,
           point(m.lon, m.lat) AS centroid,
           box(point(greatest(c.x2, c.x3), greatest(c.y3, c.y4)), point(least(c.x1, c.x4), least(c.y1, c.y2))) AS bbox
    FROM (SELECT 95 + mod(${h(location, 70)}, 4500000)::float8 / 100000 + (${unit(72, 8001)} - 0.5) * 0.08 AS lon,
                 -9 + mod(${h(location, 71)}, 1400000)::float8 / 100000 + (${unit(73, 8001)} - 0.5) * 0.08 AS lat
          OFFSET 0) o
    CROSS JOIN LATERAL (SELECT 1 / (111320 * cos(radians(o.lat))) AS kx, 1 / 110574.0 AS ky,
                               10 + 65 * ${unit(74, 66)} AS a, 10 + 65 * ${unit(75, 66)} AS b OFFSET 0) s
    CROSS JOIN LATERAL (SELECT
      ${corners} OFFSET 0) c
    CROSS JOIN LATERAL (SELECT ${cross(2, 3)} + ${cross(3, 4)} AS a2,
      (${u(2)} + ${u(3)}) * ${cross(2, 3)} + (${u(3)} + ${u(4)}) * ${cross(3, 4)} AS mx,
      (${v(2)} + ${v(3)}) * ${cross(2, 3)} + (${v(3)} + ${v(4)}) * ${cross(3, 4)} AS my OFFSET 0) w
    CROSS JOIN LATERAL (SELECT c.x1 + w.mx / (3 * w.a2) AS lon, c.y1 + w.my / (3 * w.a2) AS lat, w.a2 OFFSET 0) m
  )`;
}
