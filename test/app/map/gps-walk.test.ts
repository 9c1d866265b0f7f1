import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { polygonOf, previewArea } from '../../../src/app/map/boundary';
import type { LonLat } from '../../../src/app/map/geo';
import { addFix, POOR_ACCURACY_M, walkStep, type Fix } from '../../../src/app/map/gpsWalk';
import { useGpsWalk } from '../../../src/app/map/useGpsWalk';

/** About 1.1 m of latitude. */
const STEP = 0.00001;
const at = (position: LonLat, accuracy = 5): Fix => ({ position, accuracy });

describe('which GPS fixes become corners', () => {
  it('records an accurate fix, skips a poor one and the jitter of standing still', () => {
    const start: LonLat = [110.4, -7.05];
    expect(walkStep([], at(start))).toBe('recorded');
    expect(walkStep([], at(start, POOR_ACCURACY_M + 1))).toBe('poor');
    expect(walkStep([start], at([110.4, -7.05 + STEP]))).toBe('too-close');
    expect(walkStep([start], at([110.4, -7.05 + 10 * STEP]))).toBe('recorded');
    // A fix 8 m away with 20 m accuracy may be the same spot.
    expect(walkStep([start], at([110.4, -7.05 + 7 * STEP], 20))).toBe('too-close');
  });

  it('walking around a 40 m square with a few fixes a metre apart gives that square', () => {
    const d = 40 / 111_320;
    const corners: LonLat[] = [
      [110.4, -7.05],
      [110.4 + d, -7.05],
      [110.4 + d, -7.05 + d],
      [110.4, -7.05 + d],
    ];
    const fixes = corners.flatMap((c) => [at(c), at([c[0] + STEP / 2, c[1]]), at(c, 30)]);
    const walked = fixes.reduce(addFix, [] as LonLat[]);
    expect(walked).toEqual(corners);
    expect(previewArea(polygonOf(walked))).toBeGreaterThan(1_600 * 0.98);
    expect(previewArea(polygonOf(walked))).toBeLessThan(1_600 * 1.02);
  });
});

/** A stand-in for navigator.geolocation that the test feeds. */
function fakeGeolocation() {
  let onFix: PositionCallback = () => {};
  let onError: PositionErrorCallback | null | undefined;
  const geolocation = {
    watchPosition: vi.fn(
      (success: PositionCallback, error?: PositionErrorCallback | null, _options?: PositionOptions) => {
        onFix = success;
        onError = error;
        return 7;
      },
    ),
    clearWatch: vi.fn(),
    getCurrentPosition: vi.fn(),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation });
  return {
    geolocation,
    fix: (lon: number, lat: number, accuracy: number) =>
      onFix({ coords: { longitude: lon, latitude: lat, accuracy } } as GeolocationPosition),
    fail: (code: number) =>
      onError?.({
        code,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError),
  };
}

afterEach(() => void vi.unstubAllGlobals());

describe('useGpsWalk', () => {
  it('records the walk from watchPosition with high accuracy, shows a poor fix, and stops on finish', () => {
    const gps = fakeGeolocation();
    const { result } = renderHook(() => useGpsWalk());
    act(() => result.current.start());
    expect(result.current.status).toBe('starting');
    expect(gps.geolocation.watchPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });
    act(() => gps.fix(110.4, -7.05, 4));
    act(() => gps.fix(110.4001, -7.05, 35));
    expect(result.current).toMatchObject({ status: 'walking', skipped: 'poor', fix: { accuracy: 35 } });
    act(() => gps.fix(110.4001, -7.05, 6));
    expect(result.current.corners).toEqual([
      [110.4, -7.05],
      [110.4001, -7.05],
    ]);
    let corners: LonLat[] = [];
    act(() => void (corners = result.current.finish()));
    expect(corners).toHaveLength(2);
    expect(gps.geolocation.clearWatch).toHaveBeenCalledWith(7);
    expect(result.current.status).toBe('idle');
  });

  it('says when the permission is refused, and stops listening', () => {
    const gps = fakeGeolocation();
    const { result } = renderHook(() => useGpsWalk());
    act(() => result.current.start());
    act(() => gps.fail(1));
    expect(result.current.status).toBe('denied');
    expect(result.current.active).toBe(false);
    expect(gps.geolocation.clearWatch).toHaveBeenCalledWith(7);
  });

  it('keeps the corners and keeps listening while no fix comes', () => {
    const gps = fakeGeolocation();
    const { result } = renderHook(() => useGpsWalk());
    act(() => result.current.start());
    act(() => gps.fix(110.4, -7.05, 4));
    act(() => gps.fail(3));
    expect(result.current).toMatchObject({ status: 'unavailable', active: true, corners: [[110.4, -7.05]] });
    expect(gps.geolocation.clearWatch).not.toHaveBeenCalled();
  });
});
