/**
 * The rules of a lahan's boundary (`gps`), read alike by the server (modules/lahan/geometry.ts, which refuses
 * what breaks them with MESSAGES.lahan's texts) and the apps (which check a drawing before sending it).
 */

/** [minLon, minLat, maxLon, maxLat] in WGS84: Indonesia with a generous margin (Sabang to Merauke, Rote to Miangas). */
export const INDONESIA_BOUNDS = [94, -11.5, 142, 6.5] as const;

/** At most this many positions in all of a Polygon's rings (the closing position counted). */
export const BOUNDARY_MAX_POSITIONS = 1000;
/** A ring has at least this many positions: three corners and the closing one. */
export const BOUNDARY_MIN_RING_POSITIONS = 4;
/** The outer ring and up to nine holes. */
export const BOUNDARY_MAX_RINGS = 10;
/** m²: a boundary enclosing less is a line or a point drawn as a Polygon. */
export const BOUNDARY_MIN_AREA = 1;
/** Declared and measured area differ by more than this share of the declared one: the lahan is flagged. */
export const LUAS_BERBEDA_RATIO = 0.2;

/** Whether a WGS84 [lon, lat] lies within INDONESIA_BOUNDS. */
export const insideIndonesia = ([lon, lat]: readonly [number, number]) =>
  lon >= INDONESIA_BOUNDS[0] &&
  lon <= INDONESIA_BOUNDS[2] &&
  lat >= INDONESIA_BOUNDS[1] &&
  lat <= INDONESIA_BOUNDS[3];
