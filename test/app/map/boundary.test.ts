import { describe, expect, it } from 'vitest';
import { areasDiffer, boundaryProblem, polygonOf, previewArea } from '../../../src/app/map/boundary';
import type { LonLat } from '../../../src/app/map/geo';
import { MESSAGES } from '../../../src/shared/messages';

const M = MESSAGES.lahan;
/** Metres of one degree of longitude on the equator (WGS84 equatorial radius; @turf/area's sphere is 0.1 % smaller). */
const DEG_M = 111_319.49;

/** A square of `side` metres with its south-west corner at [lon, lat] (near the equator). */
const square = (side: number, [lon, lat]: LonLat = [110, 0]): LonLat[] => {
  const d = side / DEG_M;
  return [
    [lon, lat],
    [lon + d, lat],
    [lon + d, lat + d],
    [lon, lat + d],
  ];
};

describe('polygonOf', () => {
  it('closes the drawn corners on the first one, rounded to 7 decimals, repeats and a closing corner dropped', () => {
    expect(
      polygonOf([
        [110.123456789, -7.1],
        [110.2, -7.1],
        [110.2, -7.1],
        [110.2, -7.2],
        [110.123456789, -7.1],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [110.1234568, -7.1],
          [110.2, -7.1],
          [110.2, -7.2],
          [110.1234568, -7.1],
        ],
      ],
    });
  });
});

describe('previewArea', () => {
  it('measures a 100 m × 100 m square on the equator as 10,000 m² within 1 %', () => {
    expect(previewArea(polygonOf(square(100)))).toBeGreaterThan(9_900);
    expect(previewArea(polygonOf(square(100)))).toBeLessThan(10_100);
  });
});

describe('boundaryProblem: the server’s texts, before sending', () => {
  it('passes a square in Central Java', () => {
    expect(boundaryProblem(polygonOf(square(50, [110.4, -7.05])))).toBeUndefined();
  });

  it('refuses a shape whose lines cross', () => {
    const [a, b, c, d] = square(100, [110.4, -7.05]);
    expect(boundaryProblem(polygonOf([a!, c!, b!, d!]))).toBe(M.gpsSelfIntersecting);
  });

  it('refuses fewer than three corners', () => {
    expect(boundaryProblem(polygonOf(square(100, [110.4, -7.05]).slice(0, 2)))).toBe(M.gpsRingTooShort);
  });

  it('refuses more than 1,000 positions', () => {
    const corners = Array.from({ length: 1000 }, (_, i): LonLat => {
      const t = (2 * Math.PI * i) / 1000;
      return [110.4 + 0.01 * Math.cos(t), -7.05 + 0.01 * Math.sin(t)];
    });
    expect(boundaryProblem(polygonOf(corners))).toBe(M.gpsTooManyPositions);
    expect(boundaryProblem(polygonOf(corners.slice(0, 999)))).toBeUndefined();
  });

  it('refuses a boundary outside Indonesia', () => {
    expect(boundaryProblem(polygonOf(square(100, [2.35, 48.85])))).toBe(M.gpsOutsideIndonesia);
  });

  it('refuses corners that enclose no area', () => {
    expect(
      boundaryProblem(
        polygonOf([
          [110.4, -7.05],
          [110.4001, -7.05],
          [110.4002, -7.05],
        ]),
      ),
    ).toBe(M.gpsNoArea);
  });
});

describe('areasDiffer (luas_berbeda)', () => {
  it('flags a measured area more than 20 % away from the declared one', () => {
    expect(areasDiffer(10_000, 12_001)).toBe(true);
    expect(areasDiffer(10_000, 7_999)).toBe(true);
    expect(areasDiffer(10_000, 12_000)).toBe(false);
    expect(areasDiffer(10_000, 8_000)).toBe(false);
  });

  it('does not flag without both areas', () => {
    expect(areasDiffer(undefined, 5_000)).toBe(false);
    expect(areasDiffer(10_000, null)).toBe(false);
  });
});
