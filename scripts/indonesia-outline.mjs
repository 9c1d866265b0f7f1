/**
 * Writes src/app/map/indonesia-outline.json: Indonesia's land outline, simplified, that every map draws under
 * the plots so that it still shows the country with no network (no tiles) and in tests.
 *
 *   node scripts/indonesia-outline.mjs
 *
 * Source: Natural Earth's 1:50m Admin 0 countries (public domain, https://www.naturalearthdata.com/about/terms-of-use/),
 * as the TopoJSON of the `world-atlas` package (ISC), country id 360. Rings are simplified with Douglas–Peucker
 * (tolerance 0.02°, about 2 km), positions rounded to 3 decimals, and islands that simplify to under 4 positions dropped.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const TOLERANCE = 0.02;
const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const indonesia = atlas.objects.countries.geometries.find((g) => g.id === '360');
const { geometry } = feature(atlas, indonesia);

function distanceToSegment([x, y], [x1, y1], [x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = dx || dy ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

function simplify(points) {
  if (points.length < 3) return points;
  let worst = 0;
  let at = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const d = distanceToSegment(points[i], points[0], points[points.length - 1]);
    if (d > worst) [worst, at] = [d, i];
  }
  if (worst <= TOLERANCE) return [points[0], points[points.length - 1]];
  return [...simplify(points.slice(0, at + 1)).slice(0, -1), ...simplify(points.slice(at))];
}

const round = (n) => Math.round(n * 1000) / 1000;
const polygons = geometry.coordinates.flatMap((polygon) => {
  const outer = simplify(polygon[0]).map(([lon, lat]) => [round(lon), round(lat)]);
  return outer.length >= 4 ? [[outer]] : [];
});
const outline = {
  type: 'Feature',
  properties: { name: 'Indonesia', source: 'Natural Earth 1:50m Admin 0 (public domain) via world-atlas 2' },
  geometry: { type: 'MultiPolygon', coordinates: polygons },
};
const target = new URL('../src/app/map/indonesia-outline.json', import.meta.url);
writeFileSync(target, JSON.stringify(outline) + '\n');
const positions = polygons.reduce((n, [ring]) => n + ring.length, 0);
console.log(`${polygons.length} polygons, ${positions} positions, ${JSON.stringify(outline).length} bytes`);
