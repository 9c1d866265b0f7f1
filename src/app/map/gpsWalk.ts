/**
 * Walking a lahan's boundary with the phone's GPS: which fixes become corners. A phone standing still reports
 * a new position every second or so, scattered within its accuracy; those are not corners.
 */
import { BOUNDARY_MAX_POSITIONS } from '../../shared/boundary';
import type { LonLat } from './geo';

export interface Fix {
  position: LonLat;
  /** metres (GeolocationCoordinates.accuracy, 95 % radius) */
  accuracy: number;
}

/** Fixes less accurate than this are shown but not recorded: 20 m of error on a 50 m plot is no boundary. */
export const POOR_ACCURACY_M = 20;
/** A new corner at least this far from the last one (or half the fix's accuracy radius, if larger). */
export const MIN_STEP_M = 3;
/** Room for the closing position. */
export const WALK_MAX_CORNERS = BOUNDARY_MAX_POSITIONS - 1;

const EARTH_RADIUS_M = 6371008.8;
const RADIANS = Math.PI / 180;

/** Metres between two positions (equirectangular: exact enough over a field). */
export function distanceM([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const x = (lon2 - lon1) * RADIANS * Math.cos(((lat1 + lat2) / 2) * RADIANS);
  const y = (lat2 - lat1) * RADIANS;
  return Math.hypot(x, y) * EARTH_RADIUS_M;
}

export type WalkStep = 'recorded' | 'poor' | 'too-close' | 'full';

/** Whether `fix` becomes the next corner after `corners`, and why not. */
export function walkStep(corners: LonLat[], fix: Fix): WalkStep {
  if (!(fix.accuracy <= POOR_ACCURACY_M)) return 'poor';
  if (corners.length >= WALK_MAX_CORNERS) return 'full';
  const last = corners[corners.length - 1];
  if (last && distanceM(last, fix.position) < Math.max(MIN_STEP_M, fix.accuracy / 2)) return 'too-close';
  return 'recorded';
}

/** The corners after `fix` arrives. */
export const addFix = (corners: LonLat[], fix: Fix): LonLat[] =>
  walkStep(corners, fix) === 'recorded' ? [...corners, fix.position] : corners;
